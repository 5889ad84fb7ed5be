-- TSBS's last-loc: the newest reading of each truck of the fleet; https://questdb.com/docs/query/sql/latest-on/
-- (the filter applies before LATEST ON)
SELECT name, driver, latitude, longitude FROM {table}
WHERE fleet = {choice} AND name IS NOT NULL
LATEST ON "time" PARTITION BY name
