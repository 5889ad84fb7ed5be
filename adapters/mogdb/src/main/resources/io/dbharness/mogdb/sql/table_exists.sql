SELECT EXISTS (
  SELECT 1 FROM pg_class c
  WHERE c.relkind = 'r' AND pg_table_is_visible(c.oid)
    AND '"' || replace(c.relname, '"', '""') || '"' = ?
)
