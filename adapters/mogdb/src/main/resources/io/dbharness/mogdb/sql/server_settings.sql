SELECT 'server_version',
       coalesce(substring(version() from '(?:openGauss|MogDB)[ ]+(?:Kernel[ ]+)?([^ )]+)'),
                current_setting('server_version'))
UNION ALL
SELECT name, current_setting(name)
FROM pg_settings
WHERE name IN ('shared_buffers', 'synchronous_commit', 'wal_level', 'max_wal_size', 'checkpoint_segments',
               'checkpoint_timeout', 'fsync', 'full_page_writes', 'enable_double_write', 'work_mem',
               'max_process_memory', 'cstore_buffers', 'enable_delta_store', 'enable_incremental_checkpoint',
               'enable_thread_pool')
