-- TSBS's single-last-loc; https://questdb.com/docs/query/sql/latest-on/
SELECT name, driver, latitude, longitude FROM {table} WHERE name = {tag} LATEST ON "time" PARTITION BY name
