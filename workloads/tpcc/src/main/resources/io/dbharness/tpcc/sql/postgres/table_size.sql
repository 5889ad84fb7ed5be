SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'p') AND n.nspname = ANY (current_schemas(false))
  AND c.relname IN ('warehouse', 'district', 'customer', 'history', 'new_order', 'oorder', 'order_line', 'item', 'stock')
