CREATE INDEX IF NOT EXISTS ${index} ON ${table} (${key}, ${time})
