-- YugabyteDB has no VACUUM to run: it answers "WARNING: VACUUM will be ignored"
-- (https://github.com/yugabyte/yugabyte-db/issues/18330). ANALYZE alone gives the planner its statistics, which
-- the docs ask for after a data load:
--   https://docs.yugabyte.com/stable/api/ysql/the-sql-language/statements/cmd_analyze/ ("Run ANALYZE manually")
ANALYZE
