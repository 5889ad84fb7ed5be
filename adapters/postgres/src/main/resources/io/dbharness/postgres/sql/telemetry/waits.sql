-- What each of the harness's own sessions (application_name, bound as ?) is doing now: one row per wait, with
-- the sessions on it. A session running on a CPU has no wait event; idle ones wait for the next statement and
-- are not server time, but a transaction left open between statements is (Client:ClientRead).
SELECT /* dbharness-telemetry */ coalesce(wait_event_type || ':' || wait_event, 'CPU') AS wait, count(*) AS sessions
FROM pg_stat_activity
WHERE application_name = ? AND pid <> pg_backend_pid()
  AND state IN ('active', 'idle in transaction', 'idle in transaction (aborted)', 'fastpath function call')
GROUP BY 1
