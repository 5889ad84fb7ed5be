-- TSBS's double-groupby-5 (cmd/tsbs_generate_queries/databases/timescaledb/devops.go, GroupByTimeAndPrimaryTag), tags as columns of the table
-- with the count each average is over, which answers are compared through
SELECT date_trunc('hour', time) AS hour, hostname, avg(usage_user) AS mean_usage_user, avg(usage_system) AS mean_usage_system, avg(usage_idle) AS mean_usage_idle, avg(usage_nice) AS mean_usage_nice, avg(usage_iowait) AS mean_usage_iowait, count(*) AS count FROM {table} WHERE time >= {start} AND time < {end} GROUP BY hour, hostname ORDER BY hour, hostname
