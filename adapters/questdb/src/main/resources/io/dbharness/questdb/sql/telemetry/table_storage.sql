-- Rows of every table. https://questdb.com/docs/reference/function/meta/#table_storage
-- Its diskSize is not read: it counts the WAL and the pages allocated ahead of the rows, not the data.
SELECT sum(rowCount) AS rows FROM table_storage()
