-- A loose index scan over the (tag_id, ts) index of query_index.sql: the recursive CTE steps from one tag_id to the
-- next (one index seek each), then one LIMIT 1 read per device for its newest row. DISTINCT ON (tag_id) sorts
-- the whole table instead: 2.8 s against 17 ms for 1,000 devices x 1 hour on PostgreSQL 17 (measured with a
-- query file, workloads/iot/README.md); on YugabyteDB the same (MaibornWolff's comparison, issue 7:
-- https://github.com/MaibornWolff/database-performance-comparison/issues/7).
--   https://www.postgresql.org/docs/current/queries-with.html#QUERIES-WITH-RECURSIVE
WITH RECURSIVE tags AS (
  (SELECT tag_id FROM {table} ORDER BY tag_id LIMIT 1)
  UNION ALL
  SELECT (SELECT t.tag_id FROM {table} t WHERE t.tag_id > tags.tag_id ORDER BY t.tag_id LIMIT 1)
  FROM tags WHERE tags.tag_id IS NOT NULL
)
SELECT l.ts, tags.tag_id, {metrics}
FROM tags CROSS JOIN LATERAL (
  SELECT t.ts, {metrics} FROM {table} t
  WHERE t.tag_id = tags.tag_id
  ORDER BY t.ts DESC LIMIT 1
) l
