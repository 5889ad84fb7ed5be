-- MARS3: a mars3_brin index on the sort key (tag_id, ts), what YMatrix's table design page advises after
-- creating a MARS3 table: sparse (min/max per block range, skipped when outside the condition), small and
-- cheap on insert, and without re-sorting since the data is already in sort-key order. YMatrix's own
-- benchmark, mxbench, creates the same index for its MARS3 table.
--   https://ymatrix.ai/en/doc/6.6/reference/storage/table_design (MARS3 tables: USING mars3_brin(vin, daq_time))
--   https://ymatrix.ai/en/doc/6.6/reference/index/mars3_brin
--   https://github.com/ymatrix-data/mxbench, internal/engine/metadata/index.go (CREATE INDEX IF NOT EXISTS ... USING mars3_brin)
-- IF NOT EXISTS: YMatrix's CREATE INDEX page (https://ymatrix.ai/doc/6.0/sql_ref/create_index) omits it, but its
-- PostgreSQL 12 base (Greenplum 7) has it, and the DDL on https://ymatrix.ai/doc/5.2/tools/mxbench/feature uses it.
CREATE INDEX IF NOT EXISTS ${index} ON ${table} USING mars3_brin (${key}, ${time})
