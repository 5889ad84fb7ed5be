-- The query index per --matrixdb-storage, as PgQuery renders it before the queries:
--   mars3: mars3_brin on the sort key, https://ymatrix.ai/en/doc/6.6/reference/storage/table_design and
--     https://ymatrix.ai/en/doc/6.6/reference/index/mars3_brin; IF NOT EXISTS as in the DDL of
--     https://ymatrix.ai/doc/5.2/tools/mxbench/feature
--   mars2: none, the mars2_btree (tag_id, ts) made with the table is the sort key,
--     https://ymatrix.ai/doc/5.0/reference/storage/table_design
--   ao_column, heap: the generic btree (tag_id, ts); B-tree is an index method of YMatrix on heap and
--     append-optimized tables, https://ymatrix.ai/doc/6.0/sql_ref/create_index
--   a compatible server (plain PostgreSQL) has a heap table: the generic statement.

-- --matrixdb-storage mars3
-- query_index: io/dbharness/matrixdb/sql/mars3/query_index.sql
CREATE INDEX IF NOT EXISTS "telematics_tag_ts" ON "telematics" USING mars3_brin (tag_id, ts);

-- --matrixdb-storage mars2
-- query_index: io/dbharness/matrixdb/sql/mars2/query_index.sql
SELECT 'no query index: the mars2_btree index on (tag_id, ts) made with the table serves the queries' AS query_index;

-- --matrixdb-storage ao_column
-- query_index: io/dbharness/postgres/sql/query_index.sql
CREATE INDEX IF NOT EXISTS "telematics_tag_ts" ON "telematics" (tag_id, ts);

-- --matrixdb-storage heap
-- query_index: io/dbharness/postgres/sql/query_index.sql
CREATE INDEX IF NOT EXISTS "telematics_tag_ts" ON "telematics" (tag_id, ts);

-- --matrixdb-storage mars3 --matrixdb-unique-mode on a compatible server (a heap table there)
-- query_index: io/dbharness/postgres/sql/query_index.sql
CREATE INDEX IF NOT EXISTS "telematics_tag_ts" ON "telematics" (tag_id, ts);
