-- The harness's own backends now idle in this database (application_name bound as ?): the connections the workers
-- gave back to the pool. Closed, each backend publishes its last counters as it exits.
SELECT /* dbharness-telemetry */ pid
FROM pg_stat_activity
WHERE application_name = ? AND pid <> pg_backend_pid() AND datname = current_database() AND state = 'idle'
