-- One LIMIT 1 read per named device, newest first through the (tag_id, ts) index: DISTINCT ON over
-- tag_id IN (...) reads every row of those devices and sorts them (132 ms against 1.3 ms for 10 of 1,000
-- devices x 1 hour on PostgreSQL 17). DISTINCT on the list keeps one row per device named twice.
--   https://www.postgresql.org/docs/current/queries-table-expressions.html#QUERIES-LATERAL
SELECT l.ts, d.tag_id, {metrics}
FROM (SELECT DISTINCT u.tag_id FROM unnest(ARRAY[{tags}]::integer[]) AS u(tag_id)) d
CROSS JOIN LATERAL (
  SELECT t.ts, {metrics} FROM {table} t
  WHERE t.tag_id = d.tag_id
  ORDER BY t.ts DESC LIMIT 1
) l
