-- The catalogue's texts as the matrixdb target sends them (3 float8 metrics, {metric} = c1, {tags} = 3 devices),
-- each under the resource it comes from; the same for every --matrixdb-storage.
-- Checked against YMatrix / Greenplum 7 (PostgreSQL 12 based):
--   DISTINCT ON, date_trunc, GROUP BY/ORDER BY ordinals, LIMIT: PostgreSQL 12 SELECT and functions
--     (https://www.postgresql.org/docs/12/sql-select.html), which YMatrix keeps; its typical time-series
--     queries use the same forms (https://ymatrix.ai/en/doc/6.6/dataquery/ts_scene, single-device latest:
--     ORDER BY timestamp DESC LIMIT 1). DISTINCT ON (tag_id) groups on the distribution key, so segments can
--     dedupe on their own, as Greenplum does for DISTINCT over the distribution key (gpdb test gp_distinct_plans).
--   multi-tag-latest: mxbench's own form (max(ts) per device joined back), the query YMatrix benchmarks,
--     https://ymatrix.ai/en/doc/4.8/tools/mxbench and github.com/ymatrix-data/mxbench query_multi_latest.go.

-- single-tag-latest: io/dbharness/postgres/sql/query/single-tag-latest.sql
SELECT ts, tag_id, "c0", "c1", "c2" FROM "telematics" WHERE tag_id = ? ORDER BY ts DESC LIMIT 1;

-- multi-tag-latest: io/dbharness/matrixdb/sql/query/multi-tag-latest.sql
SELECT r.ts, r.tag_id, "c0", "c1", "c2"
FROM "telematics" r
JOIN (SELECT tag_id, max(ts) AS max_ts FROM "telematics" WHERE tag_id IN (?, ?, ?) GROUP BY tag_id) m
  ON r.tag_id = m.tag_id AND r.ts = m.max_ts;

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

-- newest-per-device: io/dbharness/matrixdb/sql/query/newest-per-device.sql
SELECT DISTINCT ON (tag_id) tag_id, ts, "c1" AS value FROM "telematics" WHERE "c1" IS NOT NULL ORDER BY tag_id, ts DESC;

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

-- lastpoint: io/dbharness/matrixdb/sql/query/lastpoint.sql
SELECT DISTINCT ON (tag_id) ts, tag_id, "c0", "c1", "c2" FROM "telematics" ORDER BY tag_id, ts DESC;

