-- missing: openGauss keeps its statements in dbe_perf.statement, which this user cannot read (it needs sysadmin or monitor admin)
-- https://docs.opengauss.org/en/docs/latest/docs/DatabaseReference/statement.html
SELECT /* dbharness-telemetry */ count(*) FROM pg_views WHERE schemaname = 'dbe_perf' AND viewname = 'statement'
  AND has_table_privilege('dbe_perf.statement', 'SELECT')
