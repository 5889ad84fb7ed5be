SELECT ts, tag_id, {metrics} FROM {table} WHERE tag_id = {tag} AND ts >= {start} AND ts < {end} ORDER BY ts
