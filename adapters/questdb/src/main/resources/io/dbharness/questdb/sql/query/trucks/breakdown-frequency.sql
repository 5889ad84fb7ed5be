-- TSBS's breakdown-frequency, what its name says (see the PostgreSQL text): lead() over each truck's ten-minute periods
WITH periods AS (
  SELECT name, model, timestamp_floor('10m', "time") AS ten_minutes,
    CASE WHEN 2 * sum(CASE WHEN status = 0 THEN 1 ELSE 0 END) >= count() THEN 1 ELSE 0 END AS broken_down
  FROM {table} WHERE name IS NOT NULL AND status IS NOT NULL GROUP BY name, model, ten_minutes
), changes AS (
  SELECT model, broken_down, lead(broken_down) OVER (PARTITION BY name, model ORDER BY ten_minutes) AS next_broken_down
  FROM periods
)
SELECT model, count() AS count FROM changes WHERE broken_down = 0 AND next_broken_down = 1 GROUP BY model
