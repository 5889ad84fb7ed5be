SELECT date_trunc('minute', ts) AS minute, avg({metric}) AS mean, count({metric}) AS count FROM {table} WHERE ts >= {start} AND ts < {end} AND {metric} IS NOT NULL GROUP BY 1 ORDER BY 1
