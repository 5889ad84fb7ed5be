-- TSBS's high-load on MatrixDB (Greenplum-based, distributed): DISTINCT ON, as the telematics lastpoint.sql here
SELECT name, driver, current_load FROM (
  SELECT DISTINCT ON (name) name, driver, current_load, load_capacity FROM {table}
  WHERE fleet = {choice} AND name IS NOT NULL
  ORDER BY name, time DESC
) d WHERE current_load / CAST(load_capacity AS double precision) > 0.9
