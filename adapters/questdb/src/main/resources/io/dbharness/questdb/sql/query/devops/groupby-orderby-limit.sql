-- TSBS's groupby-orderby-limit; https://questdb.com/docs/query/sql/sample-by/ (the newest five buckets: ordered outside the SAMPLE BY)
SELECT * FROM (SELECT "time" AS minute, max(usage_user) AS max_usage_user FROM {table} WHERE "time" < {end} SAMPLE BY 1m ALIGN TO CALENDAR) ORDER BY minute DESC LIMIT 5
