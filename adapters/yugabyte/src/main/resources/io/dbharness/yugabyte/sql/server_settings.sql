SELECT name, current_setting(name)
FROM pg_settings
WHERE name IN ('server_version', 'synchronous_commit', 'work_mem', 'yb_enable_upsert_mode',
               'yb_default_copy_from_rows_per_transaction', 'yb_disable_transactional_writes')
