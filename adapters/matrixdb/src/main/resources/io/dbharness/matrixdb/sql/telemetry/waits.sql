-- versions: 120000-
-- source: MatrixDB wait events of our sessions on the coordinator and every segment
-- gp_stat_activity is pg_stat_activity of the coordinator and every primary segment (gp_segment_id); a session's
-- backends on the segments share its sess_id, so they are found by the sess_id of our coordinator backends.
-- https://cloudberry.apache.org/docs/sys-catalogs/sys-views/gp-stat-activity
-- https://docs.vmware.com/en/VMware-Greenplum/7/greenplum-database/ref_guide-system_catalogs-catalog_ref-views.html
SELECT /* dbharness-telemetry */ coalesce(g.wait_event_type || ':' || g.wait_event, 'CPU') AS wait, count(*) AS sessions
FROM gp_stat_activity g
WHERE g.sess_id IN (SELECT sess_id FROM pg_stat_activity WHERE application_name = ? AND pid <> pg_backend_pid())
  AND g.state IN ('active', 'idle in transaction', 'idle in transaction (aborted)', 'fastpath function call')
GROUP BY 1
