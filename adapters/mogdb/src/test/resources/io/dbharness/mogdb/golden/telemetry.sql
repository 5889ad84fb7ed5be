-- version
SELECT /* dbharness-telemetry */ current_setting('server_version_num')::int

-- waits
SELECT /* dbharness-telemetry */ CASE w.wait_status
         WHEN 'none' THEN 'CPU'
         WHEN 'acquire lock' THEN 'Lock:' || coalesce(nullif(w.wait_event, ''), 'lock')
         WHEN 'acquire lwlock' THEN 'LWLock:' || coalesce(nullif(w.wait_event, ''), 'lwlock')
         WHEN 'wait io' THEN 'IO:' || coalesce(nullif(w.wait_event, ''), 'io')
         WHEN 'wait cmd' THEN 'Client:ClientRead'
         ELSE 'Other:' || w.wait_status END AS wait,
       count(*) AS sessions
FROM pg_stat_activity a JOIN pg_thread_wait_status w ON w.sessionid = a.sessionid
WHERE a.application_name = ? AND a.pid <> pg_backend_pid()
  AND a.state IN ('active', 'idle in transaction', 'idle in transaction (aborted)', 'fastpath function call')
GROUP BY 1

-- counters_database
SELECT /* dbharness-telemetry */ xact_commit AS commits, xact_rollback AS rollbacks, blks_read AS blocks_read,
       blks_hit AS blocks_hit, tup_returned AS tuples_returned, tup_fetched AS tuples_fetched,
       tup_inserted AS tuples_inserted, tup_updated AS tuples_updated, tup_deleted AS tuples_deleted,
       conflicts, temp_files, temp_bytes, deadlocks
FROM pg_stat_database WHERE datname = current_database()

-- counters_wal
-- unavailable: openGauss (MogDB) has no pg_stat_wal view; its WAL syncs show in the wait profile (IO:WALSync)

-- counters_checkpoints
SELECT /* dbharness-telemetry */ checkpoints_timed, checkpoints_req AS checkpoints_requested,
       checkpoint_write_time AS checkpoint_write_millis, checkpoint_sync_time AS checkpoint_sync_millis,
       buffers_checkpoint AS checkpoint_buffers_written, buffers_clean AS bgwriter_buffers_written,
       buffers_backend AS backend_buffers_written
FROM pg_stat_bgwriter

-- stored_bytes
SELECT /* dbharness-telemetry */ coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'm') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
  AND n.nspname NOT LIKE 'pg_toast%'

-- statements_installed
SELECT /* dbharness-telemetry */ count(*) FROM pg_views WHERE schemaname = 'dbe_perf' AND viewname = 'statement'
  AND has_table_privilege('dbe_perf.statement', 'SELECT')

-- statements
SELECT /* dbharness-telemetry */ unique_sql_id::text AS id, query AS text, n_calls AS calls,
       total_elapse_time / 1000.0 AS total_millis,
       n_returned_rows + n_tuples_inserted + n_tuples_updated + n_tuples_deleted AS rows
FROM dbe_perf.statement
WHERE query NOT LIKE '%dbharness-telemetry%'
ORDER BY total_elapse_time DESC
LIMIT 200

-- idle_backends
SELECT /* dbharness-telemetry */ pid
FROM pg_stat_activity
WHERE application_name = ? AND pid <> pg_backend_pid() AND datname = current_database() AND state = 'idle'

-- backends_left
SELECT /* dbharness-telemetry */ count(*) FROM pg_stat_activity WHERE pid IN (${pids})

