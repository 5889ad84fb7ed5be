-- TSBS's stationary-trucks (timescaledb/iot.go, StationaryTrucks), the tags as columns
SELECT name, driver FROM {table}
WHERE time >= {start} AND time < {end} AND name IS NOT NULL AND fleet = {choice}
GROUP BY name, driver HAVING avg(velocity) < 1
