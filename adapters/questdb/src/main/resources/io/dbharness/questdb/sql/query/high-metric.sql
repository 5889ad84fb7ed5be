-- https://questdb.com/docs/query/sql/group-by/ (GROUP BY on the SYMBOL tag_id; ts compared with timestamp strings: an interval scan)
SELECT tag_id, max({metric}) AS max_value FROM {table} WHERE ts >= {start} AND ts < {end} AND {metric} > {threshold} GROUP BY tag_id
