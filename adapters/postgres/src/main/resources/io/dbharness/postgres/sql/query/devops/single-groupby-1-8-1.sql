-- TSBS's single-groupby-1-8-1 (cmd/tsbs_generate_queries/databases/timescaledb/devops.go, GroupByTime), tags as columns of the table
SELECT date_trunc('minute', time) AS minute, max(usage_user) AS max_usage_user FROM {table} WHERE hostname IN ({tags}) AND time >= {start} AND time < {end} GROUP BY minute ORDER BY minute
