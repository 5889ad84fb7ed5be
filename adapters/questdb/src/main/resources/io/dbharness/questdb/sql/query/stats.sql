-- https://questdb.com/docs/query/functions/aggregation/ (count(column) counts non-NULL values)
SELECT count({metric}) AS count, min({metric}) AS min_value, max({metric}) AS max_value, avg({metric}) AS mean FROM {table}
