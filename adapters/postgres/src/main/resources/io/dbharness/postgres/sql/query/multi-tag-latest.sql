SELECT DISTINCT ON (tag_id) ts, tag_id, {metrics} FROM {table} WHERE tag_id IN ({tags}) ORDER BY tag_id, ts DESC
