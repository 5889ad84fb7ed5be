-- TSBS's last-loc (cmd/tsbs_generate_queries/databases/timescaledb/iot.go, LastLocPerTruck) with the tags as columns:
-- the newest reading of each truck (name) of the fleet. TSBS takes it per row of its tags table with a LATERAL;
-- DISTINCT ON runs on the whole PostgreSQL family (openGauss has no LATERAL).
SELECT DISTINCT ON (name) name, driver, latitude, longitude FROM {table}
WHERE fleet = {choice} AND name IS NOT NULL
ORDER BY name, time DESC
