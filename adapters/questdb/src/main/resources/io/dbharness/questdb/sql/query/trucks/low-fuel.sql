-- TSBS's low-fuel: each truck's newest diagnostics (LATEST ON), kept when under 10 % fuel
SELECT name, driver, fuel_state FROM (
  SELECT name, driver, fuel_state FROM {table}
  WHERE fleet = {choice} AND name IS NOT NULL
  LATEST ON "time" PARTITION BY name
) WHERE fuel_state < 0.1
