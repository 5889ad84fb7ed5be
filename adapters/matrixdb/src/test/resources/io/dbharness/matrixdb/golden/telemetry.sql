-- version
SELECT /* dbharness-telemetry */ current_setting('server_version_num')::int

-- waits
SELECT /* dbharness-telemetry */ coalesce(g.wait_event_type || ':' || g.wait_event, 'CPU') AS wait, count(*) AS sessions
FROM gp_stat_activity g
WHERE g.sess_id IN (SELECT sess_id FROM pg_stat_activity WHERE application_name = ? AND pid <> pg_backend_pid())
  AND g.state IN ('active', 'idle in transaction', 'idle in transaction (aborted)', 'fastpath function call')
GROUP BY 1

-- counters_database
SELECT /* dbharness-telemetry */ xact_commit AS commits, xact_rollback AS rollbacks, blks_read AS blocks_read,
       blks_hit AS blocks_hit, tup_returned AS tuples_returned, tup_fetched AS tuples_fetched,
       tup_inserted AS tuples_inserted, tup_updated AS tuples_updated, tup_deleted AS tuples_deleted,
       conflicts, temp_files, temp_bytes, deadlocks
FROM pg_stat_database WHERE datname = current_database()

-- counters_wal
-- unavailable: on MatrixDB the coordinator's pg_stat_wal counts the coordinator alone; the segments, where the rows are written, are not in it

-- counters_checkpoints
-- unavailable: on MatrixDB the coordinator's pg_stat_bgwriter counts the coordinator alone; the segments' checkpoints are not in it

-- stored_bytes
SELECT /* dbharness-telemetry */ coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'm') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
  AND n.nspname NOT LIKE 'pg_toast%'

-- statements_installed
SELECT /* dbharness-telemetry */ count(*) FROM pg_extension WHERE extname = 'pg_stat_statements'

-- statements
SELECT /* dbharness-telemetry */ queryid::text AS id, query AS text, calls, total_time AS total_millis, rows
FROM pg_stat_statements
WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND query NOT LIKE '%dbharness-telemetry%'
ORDER BY total_time DESC
LIMIT 200

-- idle_backends
SELECT /* dbharness-telemetry */ pid
FROM pg_stat_activity
WHERE application_name = ? AND pid <> pg_backend_pid() AND datname = current_database() AND state = 'idle'

-- backends_left
SELECT /* dbharness-telemetry */ count(*) FROM pg_stat_activity WHERE pid IN (${pids})

