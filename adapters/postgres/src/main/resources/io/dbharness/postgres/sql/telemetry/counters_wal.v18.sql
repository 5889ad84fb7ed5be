-- versions: 180000-
-- PostgreSQL 18 moved WAL writes and syncs to pg_stat_io; pg_stat_wal keeps the volume.
SELECT /* dbharness-telemetry */ wal_records, wal_fpi AS wal_full_page_images, wal_bytes, wal_buffers_full
FROM pg_stat_wal
