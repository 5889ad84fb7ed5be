-- TSBS's long-daily-sessions (timescaledb/iot.go, TrucksWithLongDailySessions), the tags as columns; TSBS's
-- time_bucket('10 minutes', time) written without TimescaleDB (the hour, then the minute's tens)
SELECT name, driver FROM (
  SELECT name, driver, date_trunc('hour', time) + CAST(floor(extract(minute FROM time) / 10) AS integer) * INTERVAL '10 minutes' AS ten_minutes
  FROM {table}
  WHERE time >= {start} AND time < {end} AND name IS NOT NULL AND fleet = {choice}
  GROUP BY 1, 2, 3 HAVING avg(velocity) > 1
) r GROUP BY name, driver HAVING count(*) > 60
