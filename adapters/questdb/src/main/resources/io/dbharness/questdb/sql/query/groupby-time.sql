-- https://questdb.com/docs/query/sql/sample-by/ (calendar-aligned buckets; a bucket without values is not returned)
SELECT ts AS minute, avg({metric}) AS mean, count({metric}) AS count FROM {table} WHERE ts >= {start} AND ts < {end} AND {metric} IS NOT NULL SAMPLE BY 1m ALIGN TO CALENDAR
