SELECT date_trunc('minute', ts) AS minute, max({metric}) AS max_value FROM {table} WHERE tag_id = {tag} AND ts >= {start} AND ts < {end} AND {metric} IS NOT NULL GROUP BY 1 ORDER BY 1
