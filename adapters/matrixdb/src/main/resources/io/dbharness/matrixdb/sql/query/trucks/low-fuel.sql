-- TSBS's low-fuel on MatrixDB (Greenplum-based, distributed): DISTINCT ON, as the telematics lastpoint.sql here
SELECT name, driver, fuel_state FROM (
  SELECT DISTINCT ON (name) name, driver, fuel_state FROM {table}
  WHERE fleet = {choice} AND name IS NOT NULL
  ORDER BY name, time DESC
) d WHERE fuel_state < 0.1
