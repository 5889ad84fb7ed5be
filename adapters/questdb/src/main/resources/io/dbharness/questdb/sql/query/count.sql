-- https://questdb.com/docs/query/functions/aggregation/ (count(column) counts non-NULL values)
SELECT count({metric}) AS count FROM {table}
