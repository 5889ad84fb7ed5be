-- TSBS's single-last-loc (timescaledb/iot.go, LastLocByTruck with one truck), the tags as columns
SELECT name, driver, latitude, longitude FROM {table} WHERE name = {tag} ORDER BY time DESC LIMIT 1
