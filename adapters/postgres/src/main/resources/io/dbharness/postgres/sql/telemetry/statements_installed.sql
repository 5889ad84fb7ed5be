SELECT /* dbharness-telemetry */ count(*) FROM pg_extension WHERE extname = 'pg_stat_statements'
