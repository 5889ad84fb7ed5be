-- TSBS's daily-activity: ten-minute periods in service (average status under 1) per fleet, model and day, over 144
SELECT fleet, model, day, count() / 144.0 AS daily_activity FROM (
  SELECT fleet, model, name, timestamp_floor('d', "time") AS day, timestamp_floor('10m', "time") AS ten_minutes,
    avg(status) AS mean_status
  FROM {table} WHERE name IS NOT NULL GROUP BY fleet, model, name, day, ten_minutes
) WHERE mean_status < 1 GROUP BY fleet, model, day
