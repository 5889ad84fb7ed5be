SELECT a.attname, format_type(a.atttypid, a.atttypmod)
FROM pg_attribute a
JOIN pg_class c ON c.oid = a.attrelid
WHERE c.relkind = 'r' AND pg_table_is_visible(c.oid)
  AND '"' || replace(c.relname, '"', '""') || '"' = ?
  AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY a.attnum
