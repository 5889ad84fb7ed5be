-- source: YugabyteDB wait events of our backends on the node connected to
-- YSQL's pg_stat_activity lists the backends of the YB-TServer the connection reached, with PostgreSQL's wait
-- columns; the tablet servers' own waits are in Active Session History (yb_active_session_history), which samples
-- on its own schedule and is not read here.
-- https://docs.yugabyte.com/stable/explore/observability/pg-stat-activity/
-- https://docs.yugabyte.com/stable/explore/observability/active-session-history/
SELECT /* dbharness-telemetry */ coalesce(wait_event_type || ':' || wait_event, 'CPU') AS wait, count(*) AS sessions
FROM pg_stat_activity
WHERE application_name = ? AND pid <> pg_backend_pid()
  AND state IN ('active', 'idle in transaction', 'idle in transaction (aborted)', 'fastpath function call')
GROUP BY 1
