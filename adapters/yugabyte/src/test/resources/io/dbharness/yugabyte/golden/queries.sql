-- The catalogue's texts as the yugabyte target sends them (3 float8 metrics, {metric} = c1, {tags} = 3 devices),
-- each under the resource it comes from; the same for every --yb-sharding and on a compatible server.
-- Overridden for YugabyteDB (sources, also in each resource's header):
--   newest-per-device, lastpoint: DISTINCT ON reads the whole table on YugabyteDB,
--     https://github.com/MaibornWolff/database-performance-comparison/issues/7; loose index scan as a
--     recursive CTE, https://docs.yugabyte.com/stable/api/ysql/the-sql-language/with-clause/recursive-cte/
--   multi-tag-latest: one LIMIT 1 read per device instead of every row of the devices,
--     https://docs.yugabyte.com/stable/develop/data-modeling/common-patterns/timeseries/ordering-by-entity/
--   query_index: range-sharded (tag_id ASC, ts DESC); the first index column is HASH by default,
--     https://docs.yugabyte.com/stable/api/ysql/the-sql-language/statements/ddl_create_index/,
--     https://docs.yugabyte.com/stable/explore/going-beyond-sql/data-sharding/,
--     https://docs.yugabyte.com/stable/explore/query-1-performance/explain-analyze/
-- The other texts are generic PostgreSQL, which YSQL runs as PostgreSQL does (date_trunc, GROUP BY, LIMIT).

-- single-tag-latest: io/dbharness/postgres/sql/query/single-tag-latest.sql
SELECT ts, tag_id, "c0", "c1", "c2" FROM "telematics" WHERE tag_id = ? ORDER BY ts DESC LIMIT 1;

-- multi-tag-latest: io/dbharness/postgres/sql/query/multi-tag-latest.sql
SELECT l.ts, d.tag_id, "c0", "c1", "c2"
FROM (SELECT DISTINCT u.tag_id FROM unnest(ARRAY[?, ?, ?]::integer[]) AS u(tag_id)) d
CROSS JOIN LATERAL (
  SELECT t.ts, "c0", "c1", "c2" FROM "telematics" t
  WHERE t.tag_id = d.tag_id
  ORDER BY t.ts DESC LIMIT 1
) l;

-- single-tag-detail: io/dbharness/postgres/sql/query/single-tag-detail.sql
SELECT ts, tag_id, "c0", "c1", "c2" FROM "telematics" WHERE tag_id = ? AND ts >= ? AND ts < ? ORDER BY ts;

-- count: io/dbharness/postgres/sql/query/count.sql
SELECT count("c1") AS count FROM "telematics";

-- min-max: io/dbharness/postgres/sql/query/min-max.sql
SELECT min("c1") AS min_value, max("c1") AS max_value FROM "telematics";

-- stats: io/dbharness/postgres/sql/query/stats.sql
SELECT count("c1") AS count, min("c1") AS min_value, max("c1") AS max_value, avg("c1") AS mean FROM "telematics";

-- stats-per-device: io/dbharness/postgres/sql/query/stats-per-device.sql
SELECT tag_id, count("c1") AS count, min("c1") AS min_value, max("c1") AS max_value, avg("c1") AS mean FROM "telematics" WHERE "c1" IS NOT NULL GROUP BY tag_id ORDER BY tag_id;

-- newest-per-device: io/dbharness/postgres/sql/query/newest-per-device.sql
WITH RECURSIVE tags AS (
  (SELECT tag_id FROM "telematics" ORDER BY tag_id LIMIT 1)
  UNION ALL
  SELECT (SELECT t.tag_id FROM "telematics" t WHERE t.tag_id > tags.tag_id ORDER BY t.tag_id LIMIT 1)
  FROM tags WHERE tags.tag_id IS NOT NULL
)
SELECT tags.tag_id, n.ts, n.value
FROM tags CROSS JOIN LATERAL (
  SELECT t.ts, t."c1" AS value FROM "telematics" t
  WHERE t.tag_id = tags.tag_id AND t."c1" IS NOT NULL
  ORDER BY t.ts DESC LIMIT 1
) n;

-- 1-device-1-hr: io/dbharness/postgres/sql/query/1-device-1-hr.sql
SELECT date_trunc('minute', ts) AS minute, max("c1") AS max_value FROM "telematics" WHERE tag_id = ? AND ts >= ? AND ts < ? AND "c1" IS NOT NULL GROUP BY 1 ORDER BY 1;

-- 1-device-12-hr: io/dbharness/postgres/sql/query/1-device-12-hr.sql
SELECT date_trunc('minute', ts) AS minute, max("c1") AS max_value FROM "telematics" WHERE tag_id = ? AND ts >= ? AND ts < ? AND "c1" IS NOT NULL GROUP BY 1 ORDER BY 1;

-- 8-device-1-hr: io/dbharness/postgres/sql/query/8-device-1-hr.sql
SELECT date_trunc('minute', ts) AS minute, max("c1") AS max_value FROM "telematics" WHERE tag_id IN (?, ?, ?, ?, ?, ?, ?, ?) AND ts >= ? AND ts < ? AND "c1" IS NOT NULL GROUP BY 1 ORDER BY 1;

-- groupby-time: io/dbharness/postgres/sql/query/groupby-time.sql
SELECT date_trunc('minute', ts) AS minute, avg("c1") AS mean, count("c1") AS count FROM "telematics" WHERE ts >= ? AND ts < ? AND "c1" IS NOT NULL GROUP BY 1 ORDER BY 1;

-- high-metric: io/dbharness/postgres/sql/query/high-metric.sql
SELECT tag_id, max("c1") AS max_value FROM "telematics" WHERE ts >= ? AND ts < ? AND "c1" > ? GROUP BY tag_id ORDER BY tag_id;

-- lastpoint: io/dbharness/postgres/sql/query/lastpoint.sql
WITH RECURSIVE tags AS (
  (SELECT tag_id FROM "telematics" ORDER BY tag_id LIMIT 1)
  UNION ALL
  SELECT (SELECT t.tag_id FROM "telematics" t WHERE t.tag_id > tags.tag_id ORDER BY t.tag_id LIMIT 1)
  FROM tags WHERE tags.tag_id IS NOT NULL
)
SELECT l.ts, tags.tag_id, "c0", "c1", "c2"
FROM tags CROSS JOIN LATERAL (
  SELECT t.ts, "c0", "c1", "c2" FROM "telematics" t
  WHERE t.tag_id = tags.tag_id
  ORDER BY t.ts DESC LIMIT 1
) l;

-- query_index: io/dbharness/yugabyte/sql/query_index.sql
CREATE INDEX IF NOT EXISTS "telematics_tag_ts" ON "telematics" (tag_id ASC, ts DESC);
