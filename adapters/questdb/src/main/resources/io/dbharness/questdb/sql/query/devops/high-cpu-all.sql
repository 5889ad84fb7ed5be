-- TSBS's high-cpu-all; https://questdb.com/docs/query/sql/where/
SELECT "time", hostname, {metrics} FROM {table} WHERE usage_user > 90 AND "time" >= {start} AND "time" < {end}
