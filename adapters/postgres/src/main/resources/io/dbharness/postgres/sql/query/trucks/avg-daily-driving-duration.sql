-- TSBS's avg-daily-driving-duration (timescaledb/iot.go, AvgDailyDrivingDuration), the tags as columns, with the
-- number of days averaged; hours are whole, as TSBS's count(*) / 6 of integers gives them (floor: openGauss divides
-- integers into decimals); time_bucket written without TimescaleDB
SELECT fleet, name, driver, avg(hours) AS avg_daily_hours, count(*) AS days FROM (
  SELECT fleet, name, driver, date_trunc('day', ten_minutes) AS day, floor(count(*) / 6.0) AS hours FROM (
    SELECT fleet, name, driver, date_trunc('hour', time) + CAST(floor(extract(minute FROM time) / 10) AS integer) * INTERVAL '10 minutes' AS ten_minutes
    FROM {table} GROUP BY 1, 2, 3, 4 HAVING avg(velocity) > 1
  ) s GROUP BY 1, 2, 3, 4
) d GROUP BY fleet, name, driver
