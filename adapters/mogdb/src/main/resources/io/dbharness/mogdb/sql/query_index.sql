-- MogDB/openGauss: CREATE INDEX has no IF NOT EXISTS (its synopsis lists none, and openGauss's test suite
-- expects "syntax error at or near NOT EXISTS"), so the index is made in an anonymous block that ignores
-- duplicate_table (42P07), what a run over an already indexed table meets: still one statement. The default
-- method is btree on row tables and psort on column tables; on a partitioned table the index is GLOBAL.
--   https://docs.opengauss.org/en/docs/latest/docs/SQLReference/create-index.html (syntax, USING method, LOCAL/GLOBAL)
--   https://github.com/opengauss-mirror/docs, content/zh/docs/SQLReference/DO.md (DO, plpgsql by default)
--   https://github.com/tttomorrow/yat (openGauss's Yat suite), openGaussBase/expect/SQL/DDL/Index/Opengauss_Function_DDL_Index_Case0184
DO $dbharness$
BEGIN
  CREATE INDEX ${index} ON ${table} (${key}, ${time});
EXCEPTION WHEN duplicate_table THEN
  NULL;
END
$dbharness$
