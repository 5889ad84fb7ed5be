SELECT tag_id, count({metric}) AS count, min({metric}) AS min_value, max({metric}) AS max_value, avg({metric}) AS mean FROM {table} WHERE {metric} IS NOT NULL GROUP BY tag_id ORDER BY tag_id
