-- TSBS's stationary-trucks; HAVING as a filter on the grouped subquery
SELECT name, driver FROM (
  SELECT name, driver, avg(velocity) AS mean_velocity FROM {table}
  WHERE "time" >= {start} AND "time" < {end} AND name IS NOT NULL AND fleet = {choice}
  GROUP BY name, driver
) WHERE mean_velocity < 1
