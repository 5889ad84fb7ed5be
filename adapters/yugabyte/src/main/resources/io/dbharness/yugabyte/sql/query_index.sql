-- YugabyteDB: range-sharded (${key} ASC, ${time} DESC). YSQL makes the first index column HASH unless ASC or DESC
-- is given, so the generic (tag_id, ts) would be (tag_id HASH, ts ASC): a copy of the hash primary key, in
-- no device order, useless for walking the devices (query/newest-per-device.sql). ts DESC reads newest first.
--   https://docs.yugabyte.com/stable/api/ysql/the-sql-language/statements/ddl_create_index/ (index_elem: HASH is
--     the default for the first column; ASC/DESC)
--   https://docs.yugabyte.com/stable/explore/going-beyond-sql/data-sharding/ (hash sharding: range lookups "Low")
--   https://docs.yugabyte.com/stable/explore/query-1-performance/explain-analyze/ (Optimizing for ordering: a range
--     index avoids the sort; define DESC when queries read in DESC order)
CREATE INDEX IF NOT EXISTS ${index} ON ${table} (${key} ASC, ${time} DESC)
