DELETE FROM dbharness_shards WHERE run_group = ?
