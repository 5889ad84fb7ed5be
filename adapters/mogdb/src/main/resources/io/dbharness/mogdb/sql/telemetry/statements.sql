-- openGauss's normalized statements (enable_resource_track on, instr_unique_sql_count above 0): times in
-- microseconds; its rows are those returned and those changed.
-- https://docs.opengauss.org/en/docs/latest/docs/DatabaseReference/statement.html
SELECT /* dbharness-telemetry */ unique_sql_id::text AS id, query AS text, n_calls AS calls,
       total_elapse_time / 1000.0 AS total_millis,
       n_returned_rows + n_tuples_inserted + n_tuples_updated + n_tuples_deleted AS rows
FROM dbe_perf.statement
WHERE query NOT LIKE '%dbharness-telemetry%'
ORDER BY total_elapse_time DESC
LIMIT 200
