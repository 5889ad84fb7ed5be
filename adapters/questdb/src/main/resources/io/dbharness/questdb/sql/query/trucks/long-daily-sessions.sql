-- TSBS's long-daily-sessions; time_bucket('10 minutes') as timestamp_floor('10m'), HAVING as filters on grouped subqueries
SELECT name, driver FROM (
  SELECT name, driver, count() AS periods FROM (
    SELECT name, driver, timestamp_floor('10m', "time") AS ten_minutes, avg(velocity) AS mean_velocity FROM {table}
    WHERE "time" >= {start} AND "time" < {end} AND name IS NOT NULL AND fleet = {choice}
    GROUP BY name, driver, ten_minutes
  ) WHERE mean_velocity > 1 GROUP BY name, driver
) WHERE periods > 60
