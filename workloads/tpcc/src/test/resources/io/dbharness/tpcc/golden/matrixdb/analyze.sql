-- io/dbharness/tpcc/sql/matrixdb/analyze.sql

ANALYZE
