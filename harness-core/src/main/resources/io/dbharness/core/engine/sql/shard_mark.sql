INSERT INTO dbharness_shards (run_group, prepared_at) VALUES (?, CURRENT_TIMESTAMP)
