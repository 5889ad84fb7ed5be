-- MARS2: no query index. The mars2_btree index on (tag_id, ts) that create_table.sql makes with the table is
-- MARS2's sort key: YMatrix requires it for reads and writes and chooses its columns for single-device and
-- time-range queries, which are the catalogue's. A harmless statement instead, saying so in the result.
--   https://ymatrix.ai/doc/5.0/reference/storage/table_design (MARS2: "you must create an additional index of
--     type mars2_btree", sort key (vin, daq_time) for detail, aggregate and multi-device queries)
--   https://ymatrix.ai/doc/5.0/reference/storage/intro (MARS2)
SELECT 'no query index: the mars2_btree index on (tag_id, ts) made with the table serves the queries' AS query_index
