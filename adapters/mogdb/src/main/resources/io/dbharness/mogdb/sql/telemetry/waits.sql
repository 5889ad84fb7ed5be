-- source: MogDB (openGauss) thread wait status of our sessions
-- openGauss's pg_stat_activity has no wait_event columns; pg_thread_wait_status has each thread's wait_status
-- ('none', 'acquire lock', 'acquire lwlock', 'wait io', 'wait cmd', 'wait wal sync'...) and, for the first three,
-- the lock or IO in wait_event. Named here as PostgreSQL names its classes, so profiles compare across products.
-- https://docs.opengauss.org/en/docs/latest/docs/DatabaseReference/pg_thread_wait_status.html
-- https://docs.opengauss.org/en/docs/latest/docs/DatabaseReference/pg_stat_activity.html
SELECT /* dbharness-telemetry */ CASE w.wait_status
         WHEN 'none' THEN 'CPU'
         WHEN 'acquire lock' THEN 'Lock:' || coalesce(nullif(w.wait_event, ''), 'lock')
         WHEN 'acquire lwlock' THEN 'LWLock:' || coalesce(nullif(w.wait_event, ''), 'lwlock')
         WHEN 'wait io' THEN 'IO:' || coalesce(nullif(w.wait_event, ''), 'io')
         WHEN 'wait cmd' THEN 'Client:ClientRead'
         ELSE 'Other:' || w.wait_status END AS wait,
       count(*) AS sessions
FROM pg_stat_activity a JOIN pg_thread_wait_status w ON w.sessionid = a.sessionid
WHERE a.application_name = ? AND a.pid <> pg_backend_pid()
  AND a.state IN ('active', 'idle in transaction', 'idle in transaction (aborted)', 'fastpath function call')
GROUP BY 1
