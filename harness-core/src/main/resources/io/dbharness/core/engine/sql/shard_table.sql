CREATE TABLE IF NOT EXISTS dbharness_shards (run_group VARCHAR(128) NOT NULL, prepared_at TIMESTAMP NOT NULL)
