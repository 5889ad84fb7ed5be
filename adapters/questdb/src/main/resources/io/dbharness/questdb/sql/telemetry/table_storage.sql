-- Rows and bytes on disk of every table. https://questdb.com/docs/reference/function/meta/#table_storage
SELECT sum(rowCount) AS rows, sum(diskSize) AS bytes FROM table_storage()
