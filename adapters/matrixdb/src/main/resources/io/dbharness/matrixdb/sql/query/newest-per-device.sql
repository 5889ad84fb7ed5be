-- MatrixDB (Greenplum-based, distributed): the portable DISTINCT ON; the generic text's per-device probes
-- (a recursive CTE with LATERAL ... LIMIT 1) are not known to plan well across segments, and untested there.
SELECT DISTINCT ON (tag_id) tag_id, ts, {metric} AS value FROM {table} WHERE {metric} IS NOT NULL ORDER BY tag_id, ts DESC
