-- TSBS's lastpoint; https://questdb.com/docs/query/sql/latest-on/
SELECT "time", hostname, {metrics} FROM {table} LATEST ON "time" PARTITION BY hostname
