-- TSBS's daily-activity (timescaledb/iot.go, DailyTruckActivity), the tags as columns: the ten-minute periods a truck
-- was in service (average status under 1) per fleet, model and day, over the 144 of a day. TSBS's text sums the rows
-- of those periods (count(*) per period), which is the periods only at one row per 10 minutes; here each period once.
SELECT fleet, model, day, CAST(count(*) AS double precision) / 144 AS daily_activity FROM (
  SELECT fleet, model, name, date_trunc('day', time) AS day, date_trunc('hour', time) + CAST(floor(extract(minute FROM time) / 10) AS integer) * INTERVAL '10 minutes' AS ten_minutes
  FROM {table} WHERE name IS NOT NULL GROUP BY 1, 2, 3, 4, 5 HAVING avg(status) < 1
) y GROUP BY 1, 2, 3
