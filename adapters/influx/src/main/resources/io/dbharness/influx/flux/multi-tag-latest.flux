-- https://docs.influxdata.com/flux/v0/stdlib/universe/last/ (newest non-null value of each field), https://docs.influxdata.com/flux/v0/stdlib/universe/pivot/ (fields into columns), https://docs.influxdata.com/flux/v0/stdlib/universe/top/
from(bucket: bucket)
    |> range(start: 1970-01-01T00:00:00Z, stop: 2262-04-11T00:00:00Z)
    |> filter(fn: (r) => r._measurement == {table} and contains(value: r.tag_id, set: {tags}))
    |> last()
    |> pivot(rowKey: ["_time"], columnKey: ["_field"], valueColumn: "_value")
    |> top(n: 1, columns: ["_time"])
    |> drop(columns: ["_start", "_stop", "_measurement"])
    |> rename(columns: { _time: "ts" })
