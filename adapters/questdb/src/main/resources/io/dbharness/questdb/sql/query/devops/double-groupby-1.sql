-- TSBS's double-groupby-1; https://questdb.com/docs/query/sql/sample-by/ (keyed by hostname, a SYMBOL); with the count each average is over
SELECT "time" AS hour, hostname, avg(usage_user) AS mean_usage_user, count() AS count FROM {table} WHERE "time" >= {start} AND "time" < {end} SAMPLE BY 1h ALIGN TO CALENDAR
