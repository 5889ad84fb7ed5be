CREATE INDEX IF NOT EXISTS ${index} ON ${table} (tag_id, ts)
