-- TSBS's double-groupby-1 (cmd/tsbs_generate_queries/databases/timescaledb/devops.go, GroupByTimeAndPrimaryTag), tags as columns of the table
-- with the count each average is over, which answers are compared through
SELECT date_trunc('hour', time) AS hour, hostname, avg(usage_user) AS mean_usage_user, count(*) AS count FROM {table} WHERE time >= {start} AND time < {end} GROUP BY hour, hostname ORDER BY hour, hostname
