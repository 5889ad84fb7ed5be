-- TSBS's avg-daily-driving-session (timescaledb/iot.go, AvgDailyDrivingSession), the tags as columns: a session starts
-- where a ten-minute period's average velocity passes 5 and ends at the next change; its length in seconds (TSBS:
-- age(), an interval), with the number of sessions averaged; the last, unfinished session has no length and is left
-- out (TSBS's avg() skips it, but keeps a day of no other session, as a NULL); time_bucket written without TimescaleDB
WITH driver_status AS (
  SELECT name, date_trunc('hour', time) + CAST(floor(extract(minute FROM time) / 10) AS integer) * INTERVAL '10 minutes' AS ten_minutes, avg(velocity) > 5 AS driving
  FROM {table} WHERE name IS NOT NULL GROUP BY 1, 2
), driver_status_change AS (
  SELECT name, ten_minutes AS start, lead(ten_minutes) OVER (PARTITION BY name ORDER BY ten_minutes) AS stop, driving
  FROM (
    SELECT name, ten_minutes, driving, lag(driving) OVER (PARTITION BY name ORDER BY ten_minutes) AS prev_driving
    FROM driver_status
  ) x WHERE x.driving <> x.prev_driving
)
SELECT name, date_trunc('day', start) AS day, avg(extract(epoch FROM stop - start)) AS duration, count(stop) AS sessions
FROM driver_status_change WHERE driving AND stop IS NOT NULL GROUP BY 1, 2
