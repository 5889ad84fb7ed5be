SELECT /* dbharness-telemetry */ current_setting('server_version_num')::int
