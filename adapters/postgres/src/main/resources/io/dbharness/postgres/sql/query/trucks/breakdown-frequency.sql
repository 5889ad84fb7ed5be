-- TSBS's breakdown-frequency (timescaledb/iot.go, TruckBreakdownFrequency), the tags as columns: per model, how often
-- a truck's ten-minute period with status 0 at least half the time follows one without. TSBS's text,
-- count(STATUS = 0) / count(*) >= 0.5, counts every status (count() counts false too) and divides integers; here
-- what its name says, over the rows that have a status.
WITH breakdown_per_truck_per_ten_minutes AS (
  SELECT name, model, date_trunc('hour', time) + CAST(floor(extract(minute FROM time) / 10) AS integer) * INTERVAL '10 minutes' AS ten_minutes,
    2 * sum(CASE WHEN status = 0 THEN 1 ELSE 0 END) >= count(*) AS broken_down
  FROM {table} WHERE name IS NOT NULL AND status IS NOT NULL GROUP BY 1, 2, 3
), breakdowns_per_truck AS (
  SELECT model, broken_down,
    lead(broken_down) OVER (PARTITION BY name, model ORDER BY ten_minutes) AS next_broken_down
  FROM breakdown_per_truck_per_ten_minutes
)
SELECT model, count(*) AS count FROM breakdowns_per_truck
WHERE NOT broken_down AND next_broken_down GROUP BY model
