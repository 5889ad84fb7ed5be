-- TSBS's avg-daily-driving-duration: whole hours a day (count / 6 of integers), with the number of days averaged
SELECT fleet, name, driver, avg(hours) AS avg_daily_hours, count() AS days FROM (
  SELECT fleet, name, driver, timestamp_floor('d', ten_minutes) AS day, count() / 6 AS hours FROM (
    SELECT fleet, name, driver, timestamp_floor('10m', "time") AS ten_minutes, avg(velocity) AS mean_velocity
    FROM {table} GROUP BY fleet, name, driver, ten_minutes
  ) WHERE mean_velocity > 1 GROUP BY fleet, name, driver, day
) GROUP BY fleet, name, driver
