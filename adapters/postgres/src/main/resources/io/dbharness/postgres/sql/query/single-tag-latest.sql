SELECT ts, tag_id, {metrics} FROM {table} WHERE tag_id = {tag} ORDER BY ts DESC LIMIT 1
