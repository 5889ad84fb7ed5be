-- The database's counters (every client's, the telemetry's own commits taken out by the reader).
SELECT /* dbharness-telemetry */ xact_commit AS commits, xact_rollback AS rollbacks, blks_read AS blocks_read,
       blks_hit AS blocks_hit, tup_returned AS tuples_returned, tup_fetched AS tuples_fetched,
       tup_inserted AS tuples_inserted, tup_updated AS tuples_updated, tup_deleted AS tuples_deleted,
       conflicts, temp_files, temp_bytes, deadlocks
FROM pg_stat_database WHERE datname = current_database()
