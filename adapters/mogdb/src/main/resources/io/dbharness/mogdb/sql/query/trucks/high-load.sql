-- TSBS's high-load: openGauss has no LATERAL (see the telematics lastpoint.sql here), so TSBS's plain DISTINCT ON
SELECT name, driver, current_load FROM (
  SELECT DISTINCT ON (name) name, driver, current_load, load_capacity FROM {table}
  WHERE fleet = {choice} AND name IS NOT NULL
  ORDER BY name, time DESC
) d WHERE current_load / CAST(load_capacity AS double precision) > 0.9
