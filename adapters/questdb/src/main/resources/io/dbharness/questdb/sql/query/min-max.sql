-- https://questdb.com/docs/query/functions/aggregation/ (count(column) counts non-NULL values)
SELECT min({metric}) AS min_value, max({metric}) AS max_value FROM {table}
