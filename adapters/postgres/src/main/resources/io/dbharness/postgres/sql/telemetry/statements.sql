-- versions: 130000-
-- The database's statements by server time (total_exec_time since PostgreSQL 13), the telemetry's own left out.
SELECT /* dbharness-telemetry */ queryid::text AS id, query AS text, calls, total_exec_time AS total_millis, rows
FROM pg_stat_statements
WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND query NOT LIKE '%dbharness-telemetry%'
ORDER BY total_exec_time DESC
LIMIT 200
