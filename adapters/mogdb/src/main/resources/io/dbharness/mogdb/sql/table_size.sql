SELECT (
  SELECT pg_total_relation_size(c.oid)
  FROM pg_class c
  WHERE c.relkind = 'r' AND pg_table_is_visible(c.oid)
    AND '"' || replace(c.relname, '"', '""') || '"' = ?
)
