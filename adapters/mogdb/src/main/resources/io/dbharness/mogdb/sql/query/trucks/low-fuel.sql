-- TSBS's low-fuel: openGauss has no LATERAL (see the telematics lastpoint.sql here), so TSBS's plain DISTINCT ON
SELECT name, driver, fuel_state FROM (
  SELECT DISTINCT ON (name) name, driver, fuel_state FROM {table}
  WHERE fleet = {choice} AND name IS NOT NULL
  ORDER BY name, time DESC
) d WHERE fuel_state < 0.1
