-- YugabyteDB: as newest-per-device.sql (DISTINCT ON reads the whole table, MaibornWolff issue 7): walk the
-- devices through the range index of query_index.sql, then read each device's newest row with LIMIT 1.
--   https://github.com/MaibornWolff/database-performance-comparison/issues/7
--   https://docs.yugabyte.com/stable/api/ysql/the-sql-language/with-clause/recursive-cte/
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
