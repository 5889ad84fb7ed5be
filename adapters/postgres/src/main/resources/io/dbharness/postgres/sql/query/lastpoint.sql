SELECT DISTINCT ON (tag_id) ts, tag_id, {metrics} FROM {table} ORDER BY tag_id, ts DESC
