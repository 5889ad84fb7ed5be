-- TSBS's high-load (timescaledb/iot.go, TrucksWithHighLoad), the tags as columns (text: load_capacity cast): each
-- truck's newest diagnostics, kept when over 90 % of its load capacity.
-- A loose index scan over the (name, time) index steps from truck to truck and reads each one's newest row with a
-- fleet (TSBS's LATERAL over its tags table, which this schema has not); a truck belongs to one fleet, so that row
-- is in the fleet asked for exactly when the truck's newest row of that fleet is. TSBS's plain DISTINCT ON (MogDB's
-- and MatrixDB's text) sorts the fleet's rows: p50 1.5 s against 1.8 ms for 100 trucks x 1 day at 10 s on the
-- embedded PostgreSQL.
WITH RECURSIVE trucks AS (
  (SELECT name FROM {table} ORDER BY name LIMIT 1)
  UNION ALL
  SELECT (SELECT t.name FROM {table} t WHERE t.name > trucks.name ORDER BY t.name LIMIT 1)
  FROM trucks WHERE trucks.name IS NOT NULL
)
SELECT trucks.name, l.driver, l.current_load
FROM trucks CROSS JOIN LATERAL (
  SELECT t.fleet, t.driver, t.current_load, t.load_capacity FROM {table} t
  WHERE t.name = trucks.name AND t.fleet IS NOT NULL
  ORDER BY t.time DESC LIMIT 1
) l WHERE l.fleet = {choice} AND l.current_load / CAST(l.load_capacity AS double precision) > 0.9
