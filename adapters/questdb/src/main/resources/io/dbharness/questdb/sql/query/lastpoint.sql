-- https://questdb.com/docs/query/sql/latest-on/ (WHERE runs before LATEST ON: the newest row that passes it)
SELECT ts, tag_id, {metrics} FROM {table} LATEST ON ts PARTITION BY tag_id
