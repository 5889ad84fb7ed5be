-- https://questdb.com/docs/query/sql/sample-by/ (calendar-aligned buckets; a bucket without values is not returned)
SELECT ts AS minute, max({metric}) AS max_value FROM {table} WHERE tag_id = {tag} AND ts >= {start} AND ts < {end} AND {metric} IS NOT NULL SAMPLE BY 1m ALIGN TO CALENDAR
