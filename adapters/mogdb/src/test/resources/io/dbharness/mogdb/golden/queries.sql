-- The catalogue's texts as the mogdb target sends them (3 float8 metrics, {metric} = c1, {tags} = 3 devices),
-- each under the resource it comes from; the same for row and column storage, interval partitions and a
-- compatible server. Checked against openGauss (MogDB's base):
--   DISTINCT ON, WITH, LIMIT: https://docs.opengauss.org/en/docs/latest/docs/SQLReference/select.html
--   date_trunc: openGauss date and time functions (as PostgreSQL 9.2's; openGauss's Yat suite tests
--     date_trunc('minute'/'hour'/..., ts), Opengauss_Function_Innerfunc_Date_Trunc_*)
--   query_index: CREATE INDEX has no IF NOT EXISTS on openGauss,
--     https://docs.opengauss.org/en/docs/latest/docs/SQLReference/create-index.html; a DO block that
--     ignores duplicate_table instead (DO: github.com/opengauss-mirror/docs content/zh/docs/SQLReference/DO.md)

-- single-tag-latest: io/dbharness/postgres/sql/query/single-tag-latest.sql
SELECT ts, tag_id, "c0", "c1", "c2" FROM "telematics" WHERE tag_id = ? ORDER BY ts DESC LIMIT 1;

-- multi-tag-latest: io/dbharness/mogdb/sql/query/multi-tag-latest.sql
SELECT DISTINCT ON (tag_id) ts, tag_id, "c0", "c1", "c2" FROM "telematics" WHERE tag_id IN (?, ?, ?) ORDER BY tag_id, ts DESC;

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

-- newest-per-device: io/dbharness/mogdb/sql/query/newest-per-device.sql
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

-- lastpoint: io/dbharness/mogdb/sql/query/lastpoint.sql
SELECT DISTINCT ON (tag_id) ts, tag_id, "c0", "c1", "c2" FROM "telematics" ORDER BY tag_id, ts DESC;

-- query_index: io/dbharness/mogdb/sql/query_index.sql
DO $dbharness$
BEGIN
  CREATE INDEX "telematics_tag_ts" ON "telematics" (tag_id, ts);
EXCEPTION WHEN duplicate_table THEN
  NULL;
END
$dbharness$;
