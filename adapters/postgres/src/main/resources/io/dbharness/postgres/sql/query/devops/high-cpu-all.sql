-- TSBS's high-cpu-all (cmd/tsbs_generate_queries/databases/timescaledb/devops.go, HighCPUForHosts), tags as columns of the table
SELECT time, hostname, {metrics} FROM {table} WHERE usage_user > 90 AND time >= {start} AND time < {end}
