SELECT DISTINCT ON (tag_id) tag_id, ts, {metric} AS value FROM {table} WHERE {metric} IS NOT NULL ORDER BY tag_id, ts DESC
