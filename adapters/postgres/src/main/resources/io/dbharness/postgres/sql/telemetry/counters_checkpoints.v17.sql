-- versions: 170000-
-- PostgreSQL 17 split pg_stat_checkpointer out of pg_stat_bgwriter.
SELECT /* dbharness-telemetry */ c.num_timed AS checkpoints_timed, c.num_requested AS checkpoints_requested,
       c.write_time AS checkpoint_write_millis, c.sync_time AS checkpoint_sync_millis,
       c.buffers_written AS checkpoint_buffers_written, b.buffers_clean AS bgwriter_buffers_written
FROM pg_stat_checkpointer c, pg_stat_bgwriter b
