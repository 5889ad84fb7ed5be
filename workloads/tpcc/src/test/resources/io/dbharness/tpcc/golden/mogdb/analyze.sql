-- io/dbharness/tpcc/sql/postgres/analyze.sql

VACUUM ANALYZE
