-- DocDB (LSM storage) compacts by itself, so only the statistics: https://docs.yugabyte.com/stable/api/ysql/the-sql-language/statements/cmd_analyze/
ANALYZE ${table}
