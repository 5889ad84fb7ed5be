-- https://docs.influxdata.com/flux/v0/stdlib/universe/count/ (non-null values), https://docs.influxdata.com/flux/v0/stdlib/universe/group/
from(bucket: bucket)
    |> range(start: 1970-01-01T00:00:00Z, stop: 2262-04-11T00:00:00Z)
    |> filter(fn: (r) => r._measurement == {table} and r._field == {metric})
    |> group(columns: ["_measurement"])
    |> count()
    |> rename(columns: { _value: "count" })
