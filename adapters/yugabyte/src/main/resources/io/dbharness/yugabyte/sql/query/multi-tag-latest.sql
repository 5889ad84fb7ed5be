-- YugabyteDB: DISTINCT ON over tag_id IN (...) fetches every row of the named devices from DocDB and sorts
-- them; one LIMIT 1 read per device (newest first through the key) fetches one row each. DISTINCT on the
-- list keeps one row per device when a device is named twice, as DISTINCT ON does.
--   https://github.com/MaibornWolff/database-performance-comparison/issues/7 (the LATERAL ... LIMIT 1 form)
--   https://docs.yugabyte.com/stable/develop/data-modeling/common-patterns/timeseries/ordering-by-entity/
SELECT l.ts, d.tag_id, {metrics}
FROM (SELECT DISTINCT u.tag_id FROM unnest(ARRAY[{tags}]::integer[]) AS u(tag_id)) d
CROSS JOIN LATERAL (
  SELECT t.ts, {metrics} FROM {table} t
  WHERE t.tag_id = d.tag_id
  ORDER BY t.ts DESC LIMIT 1
) l
