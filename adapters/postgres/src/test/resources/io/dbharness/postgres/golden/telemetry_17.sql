-- version
SELECT /* dbharness-telemetry */ current_setting('server_version_num')::int

-- waits
SELECT /* dbharness-telemetry */ coalesce(wait_event_type || ':' || wait_event, 'CPU') AS wait, count(*) AS sessions
FROM pg_stat_activity
WHERE application_name = ? AND pid <> pg_backend_pid()
  AND state IN ('active', 'idle in transaction', 'idle in transaction (aborted)', 'fastpath function call')
GROUP BY 1

-- counters_database
SELECT /* dbharness-telemetry */ xact_commit AS commits, xact_rollback AS rollbacks, blks_read AS blocks_read,
       blks_hit AS blocks_hit, tup_returned AS tuples_returned, tup_fetched AS tuples_fetched,
       tup_inserted AS tuples_inserted, tup_updated AS tuples_updated, tup_deleted AS tuples_deleted,
       conflicts, temp_files, temp_bytes, deadlocks
FROM pg_stat_database WHERE datname = current_database()

-- counters_wal
SELECT /* dbharness-telemetry */ wal_records, wal_fpi AS wal_full_page_images, wal_bytes, wal_buffers_full,
       wal_write AS wal_writes, wal_sync AS wal_syncs, wal_write_time AS wal_write_millis,
       wal_sync_time AS wal_sync_millis
FROM pg_stat_wal

-- counters_checkpoints
SELECT /* dbharness-telemetry */ c.num_timed AS checkpoints_timed, c.num_requested AS checkpoints_requested,
       c.write_time AS checkpoint_write_millis, c.sync_time AS checkpoint_sync_millis,
       c.buffers_written AS checkpoint_buffers_written, b.buffers_clean AS bgwriter_buffers_written
FROM pg_stat_checkpointer c, pg_stat_bgwriter b

-- stored_bytes
SELECT /* dbharness-telemetry */ coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'm') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
  AND n.nspname NOT LIKE 'pg_toast%'

-- statements_installed
SELECT /* dbharness-telemetry */ count(*) FROM pg_extension WHERE extname = 'pg_stat_statements'

-- statements
SELECT /* dbharness-telemetry */ queryid::text AS id, query AS text, calls, total_exec_time AS total_millis, rows
FROM pg_stat_statements
WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND query NOT LIKE '%dbharness-telemetry%'
ORDER BY total_exec_time DESC
LIMIT 200

-- idle_backends
SELECT /* dbharness-telemetry */ pid
FROM pg_stat_activity
WHERE application_name = ? AND pid <> pg_backend_pid() AND datname = current_database() AND state = 'idle'

-- backends_left
SELECT /* dbharness-telemetry */ count(*) FROM pg_stat_activity WHERE pid IN (${pids})

