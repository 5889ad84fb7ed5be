-- TSBS's avg-daily-driving-session: sessions between changes of the ten-minute driving state (average velocity over 5),
-- with lag() and lead() (https://questdb.com/docs/query/functions/window-functions/), lengths in seconds
WITH driver_status AS (
  SELECT name, timestamp_floor('10m', "time") AS ten_minutes,
    CASE WHEN avg(velocity) > 5 THEN 1 ELSE 0 END AS driving
  FROM {table} WHERE name IS NOT NULL GROUP BY name, ten_minutes
), changes AS (
  SELECT name, ten_minutes, driving, lag(driving) OVER (PARTITION BY name ORDER BY ten_minutes) AS prev_driving
  FROM driver_status
), driver_status_change AS (
  SELECT name, ten_minutes AS start, lead(ten_minutes) OVER (PARTITION BY name ORDER BY ten_minutes) AS stop, driving
  FROM changes WHERE prev_driving IS NOT NULL AND driving <> prev_driving
)
SELECT name, timestamp_floor('d', start) AS day, avg(datediff('s', start, stop)) AS duration, count(stop) AS sessions
FROM driver_status_change WHERE driving = 1 AND stop IS NOT NULL GROUP BY name, day
