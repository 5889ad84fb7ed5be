-- TSBS's avg-load (timescaledb/iot.go, AvgLoad), the tags as columns (text: load_capacity cast), with the number of
-- trucks averaged; points without a load capacity (a zeroed tag) have no share of it and are left out (TSBS's text
-- keeps their group, with a NULL average)
SELECT fleet, model, load_capacity, avg(avg_load / CAST(load_capacity AS double precision)) AS avg_load_percentage,
  count(avg_load / CAST(load_capacity AS double precision)) AS trucks
FROM (
  SELECT name, fleet, model, load_capacity, avg(current_load) AS avg_load FROM {table}
  WHERE name IS NOT NULL AND load_capacity IS NOT NULL GROUP BY 1, 2, 3, 4
) d GROUP BY fleet, model, load_capacity
