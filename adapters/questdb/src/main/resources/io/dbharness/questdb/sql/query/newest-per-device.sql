-- https://questdb.com/docs/query/sql/latest-on/ (WHERE runs before LATEST ON: the newest row that passes it)
SELECT tag_id, ts, {metric} AS value FROM {table} WHERE {metric} IS NOT NULL LATEST ON ts PARTITION BY tag_id
