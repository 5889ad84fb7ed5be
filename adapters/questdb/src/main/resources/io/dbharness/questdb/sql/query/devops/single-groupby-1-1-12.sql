-- TSBS's single-groupby-1-1-12; https://questdb.com/docs/query/sql/sample-by/ (calendar-aligned buckets; a bucket without values is not returned)
SELECT "time" AS minute, max(usage_user) AS max_usage_user FROM {table} WHERE hostname = {tag} AND "time" >= {start} AND "time" < {end} SAMPLE BY 1m ALIGN TO CALENDAR
