-- TSBS's low-fuel (timescaledb/iot.go, TrucksWithLowFuel), the tags as columns: each truck's newest diagnostics,
-- kept when under 10 % fuel
SELECT name, driver, fuel_state FROM (
  SELECT DISTINCT ON (name) name, driver, fuel_state FROM {table}
  WHERE fleet = {choice} AND name IS NOT NULL
  ORDER BY name, time DESC
) d WHERE fuel_state < 0.1
