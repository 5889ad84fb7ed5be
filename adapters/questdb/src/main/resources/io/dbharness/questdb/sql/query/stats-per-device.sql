-- https://questdb.com/docs/query/sql/group-by/ (GROUP BY on the SYMBOL tag_id; count(column) counts non-NULL values)
SELECT tag_id, count({metric}) AS count, min({metric}) AS min_value, max({metric}) AS max_value, avg({metric}) AS mean FROM {table} WHERE {metric} IS NOT NULL GROUP BY tag_id
