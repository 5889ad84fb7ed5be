-- TSBS's groupby-orderby-limit (cmd/tsbs_generate_queries/databases/timescaledb/devops.go, GroupByOrderByLimit), tags as columns of the table
SELECT date_trunc('minute', time) AS minute, max(usage_user) AS max_usage_user FROM {table} WHERE time < {end} GROUP BY minute ORDER BY minute DESC LIMIT 5
