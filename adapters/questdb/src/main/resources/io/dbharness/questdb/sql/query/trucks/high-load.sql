-- TSBS's high-load: each truck's newest diagnostics (LATEST ON), kept when over 90 % of its load capacity (a SYMBOL, cast)
SELECT name, driver, current_load FROM (
  SELECT name, driver, current_load, load_capacity FROM {table}
  WHERE fleet = {choice} AND name IS NOT NULL
  LATEST ON "time" PARTITION BY name
) WHERE current_load / cast(cast(load_capacity AS string) AS double) > 0.9
