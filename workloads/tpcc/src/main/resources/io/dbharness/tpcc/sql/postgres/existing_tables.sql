-- Which TPC-C tables exist in the schemas on the search path: a load never lands on top of them.
SELECT c.relname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'p') AND n.nspname = ANY (current_schemas(false))
  AND c.relname IN ('warehouse', 'district', 'customer', 'history', 'new_order', 'oorder', 'order_line', 'item', 'stock', 'tpcc_load')
ORDER BY c.relname
