-- versions: 140000-179999
-- pg_stat_wal came with PostgreSQL 14; its write and sync times count only with track_wal_io_timing on.
SELECT /* dbharness-telemetry */ wal_records, wal_fpi AS wal_full_page_images, wal_bytes, wal_buffers_full,
       wal_write AS wal_writes, wal_sync AS wal_syncs, wal_write_time AS wal_write_millis,
       wal_sync_time AS wal_sync_millis
FROM pg_stat_wal
