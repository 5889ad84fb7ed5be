SELECT name, current_setting(name)
FROM pg_settings
WHERE name IN ('server_version', 'shared_buffers', 'synchronous_commit', 'wal_level', 'max_wal_size',
               'checkpoint_timeout', 'fsync', 'full_page_writes', 'work_mem')
