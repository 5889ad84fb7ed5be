-- TSBS's avg-vs-projected-fuel-consumption (timescaledb/iot.go, AvgVsProjectedFuelConsumption), the tags as columns
-- (text: the nominal consumption cast), with the count each average is over
SELECT fleet, avg(fuel_consumption) AS avg_fuel_consumption, count(fuel_consumption) AS fuel_count,
  avg(CAST(nominal_fuel_consumption AS double precision)) AS projected_fuel_consumption, count(*) AS count
FROM {table}
WHERE velocity > 1 AND name IS NOT NULL AND fleet IS NOT NULL AND nominal_fuel_consumption IS NOT NULL
GROUP BY fleet
