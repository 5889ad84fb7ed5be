SELECT a.attname, format_type(a.atttypid, a.atttypmod)
FROM pg_attribute a
WHERE a.attrelid = to_regclass(?) AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY a.attnum
