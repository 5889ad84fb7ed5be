-- missing: pg_stat_statements is not installed in this database (CREATE EXTENSION pg_stat_statements, with shared_preload_libraries = 'pg_stat_statements')
SELECT /* dbharness-telemetry */ count(*) FROM pg_extension WHERE extname = 'pg_stat_statements'
