-- MatrixDB/YMatrix: mxbench's own text of this query (the catalogue's origin), not DISTINCT ON: max(ts) per
-- device grouped on the distribution key, so each segment aggregates its own devices, joined back on
-- (tag_id, ts) for the rows. One row per device as long as (tag_id, ts) is unique (the generator's rows, or
-- --matrixdb-unique-mode).
--   https://ymatrix.ai/en/doc/4.8/tools/mxbench (MxBench, the MatrixDB query benchmark)
--   https://github.com/ymatrix-data/mxbench, internal/engine/benchmark/telematics/query_multi_latest.go
SELECT r.ts, r.tag_id, {metrics}
FROM {table} r
JOIN (SELECT tag_id, max(ts) AS max_ts FROM {table} WHERE tag_id IN ({tags}) GROUP BY tag_id) m
  ON r.tag_id = m.tag_id AND r.ts = m.max_ts
