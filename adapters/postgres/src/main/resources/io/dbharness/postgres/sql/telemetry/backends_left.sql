-- How many of the given backends (the idle ones closed at the end of the run) have not exited yet.
SELECT /* dbharness-telemetry */ count(*) FROM pg_stat_activity WHERE pid IN (${pids})
