-- versions: 0-169999
-- Before PostgreSQL 17 the checkpointer's counters are in pg_stat_bgwriter.
SELECT /* dbharness-telemetry */ checkpoints_timed, checkpoints_req AS checkpoints_requested,
       checkpoint_write_time AS checkpoint_write_millis, checkpoint_sync_time AS checkpoint_sync_millis,
       buffers_checkpoint AS checkpoint_buffers_written, buffers_clean AS bgwriter_buffers_written,
       buffers_backend AS backend_buffers_written
FROM pg_stat_bgwriter
