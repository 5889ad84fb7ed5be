-- MatrixDB/YMatrix: statistics only. The freshly COPY-loaded tables hold no dead rows for VACUUM to reclaim, and
-- Greenplum's VACUUM of a whole database is I/O on every segment; ANALYZE is what it asks for "just after making
-- major changes in the contents of a table":
--   greenplum-db/gpdb-archive, gpdb-doc/markdown/ref_guide/sql_commands/ANALYZE.html.md (Notes) and VACUUM.html.md
ANALYZE
