-- iot-mixed's freshness probe, for every data model: the points of one series at one time ({start} to {end} is that
-- microsecond; range's stop is exclusive); any row means it is visible. Not yet run against an InfluxDB 2 here.
from(bucket: bucket)
    |> range(start: {start}, stop: {end})
    |> filter(fn: (r) => r._measurement == {table} and r[{key}] == {tag})
    |> limit(n: 1)
