-- TSBS's high-cpu-1; https://questdb.com/docs/query/sql/where/
SELECT "time", hostname, {metrics} FROM {table} WHERE usage_user > 90 AND "time" >= {start} AND "time" < {end} AND hostname = {tag}
