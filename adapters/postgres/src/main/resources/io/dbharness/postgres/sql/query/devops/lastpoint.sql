-- TSBS's lastpoint (cmd/tsbs_generate_queries/databases/timescaledb/devops.go, LastPointPerHost), tags as columns of the table
SELECT DISTINCT ON (hostname) time, hostname, {metrics} FROM {table} ORDER BY hostname, time DESC
