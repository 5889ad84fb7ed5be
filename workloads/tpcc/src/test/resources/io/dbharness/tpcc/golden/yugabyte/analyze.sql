-- io/dbharness/tpcc/sql/yugabyte/analyze.sql

ANALYZE
