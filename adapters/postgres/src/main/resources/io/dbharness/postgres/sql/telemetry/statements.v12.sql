-- versions: 0-129999
SELECT /* dbharness-telemetry */ queryid::text AS id, query AS text, calls, total_time AS total_millis, rows
FROM pg_stat_statements
WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND query NOT LIKE '%dbharness-telemetry%'
ORDER BY total_time DESC
LIMIT 200
