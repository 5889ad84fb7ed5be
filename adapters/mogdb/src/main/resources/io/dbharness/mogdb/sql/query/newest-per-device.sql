-- openGauss has no LATERAL (a PostgreSQL 9.3 feature; its SELECT synopsis has none:
-- https://docs.opengauss.org/en/docs/latest/docs/SQLReference/select.html): DISTINCT ON, which it has
SELECT DISTINCT ON (tag_id) tag_id, ts, {metric} AS value FROM {table} WHERE {metric} IS NOT NULL ORDER BY tag_id, ts DESC
