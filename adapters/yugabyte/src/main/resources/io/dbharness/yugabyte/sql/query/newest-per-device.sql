-- YugabyteDB: DISTINCT ON reads every row of the table (MaibornWolff's comparison, issue 7:
-- https://github.com/MaibornWolff/database-performance-comparison/issues/7). A loose index scan instead: the
-- recursive CTE steps from one tag_id to the next through the range index of query_index.sql (one seek each),
-- then one LIMIT 1 read per device for its newest non-null value.
--   https://docs.yugabyte.com/stable/api/ysql/the-sql-language/with-clause/recursive-cte/
--   https://docs.yugabyte.com/stable/develop/data-modeling/common-patterns/timeseries/ordering-by-entity/
WITH RECURSIVE tags AS (
  (SELECT tag_id FROM {table} ORDER BY tag_id LIMIT 1)
  UNION ALL
  SELECT (SELECT t.tag_id FROM {table} t WHERE t.tag_id > tags.tag_id ORDER BY t.tag_id LIMIT 1)
  FROM tags WHERE tags.tag_id IS NOT NULL
)
SELECT tags.tag_id, n.ts, n.value
FROM tags CROSS JOIN LATERAL (
  SELECT t.ts, t.{metric} AS value FROM {table} t
  WHERE t.tag_id = tags.tag_id AND t.{metric} IS NOT NULL
  ORDER BY t.ts DESC LIMIT 1
) n
