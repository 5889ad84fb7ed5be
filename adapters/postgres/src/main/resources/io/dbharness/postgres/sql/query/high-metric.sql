SELECT tag_id, max({metric}) AS max_value FROM {table} WHERE ts >= {start} AND ts < {end} AND {metric} > {threshold} GROUP BY tag_id ORDER BY tag_id
