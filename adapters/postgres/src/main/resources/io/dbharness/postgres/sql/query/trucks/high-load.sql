-- TSBS's high-load (timescaledb/iot.go, TrucksWithHighLoad), the tags as columns (text: load_capacity cast): each
-- truck's newest diagnostics, kept when over 90 % of its load capacity
SELECT name, driver, current_load FROM (
  SELECT DISTINCT ON (name) name, driver, current_load, load_capacity FROM {table}
  WHERE fleet = {choice} AND name IS NOT NULL
  ORDER BY name, time DESC
) d WHERE current_load / CAST(load_capacity AS double precision) > 0.9
