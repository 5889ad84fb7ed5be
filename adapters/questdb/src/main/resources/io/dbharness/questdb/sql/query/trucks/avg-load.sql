-- TSBS's avg-load, load_capacity (a SYMBOL) cast, with the number of trucks averaged; points without a load capacity
-- left out, as in the PostgreSQL text
SELECT fleet, model, load_capacity, avg(avg_load / cast(cast(load_capacity AS string) AS double)) AS avg_load_percentage,
  count(avg_load / cast(cast(load_capacity AS string) AS double)) AS trucks
FROM (
  SELECT name, fleet, model, load_capacity, avg(current_load) AS avg_load FROM {table}
  WHERE name IS NOT NULL AND load_capacity IS NOT NULL GROUP BY name, fleet, model, load_capacity
) GROUP BY fleet, model, load_capacity
