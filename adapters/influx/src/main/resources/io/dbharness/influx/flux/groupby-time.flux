-- https://docs.influxdata.com/flux/v0/stdlib/universe/aggregatewindow/ (timeSrc: "_start": a window is stamped with its start), https://docs.influxdata.com/flux/v0/stdlib/join/inner/ (mean and count of the same minute in one row)
import "join"

data = from(bucket: bucket)
    |> range(start: {start}, stop: {end})
    |> filter(fn: (r) => r._measurement == {table} and r._field == {metric})
    |> group(columns: ["_measurement"])

data
    |> aggregateWindow(every: 1m, fn: mean, createEmpty: false, timeSrc: "_start")
    |> join.inner(
        right: data |> aggregateWindow(every: 1m, fn: count, createEmpty: false, timeSrc: "_start"),
        on: (l, r) => l._time == r._time,
        as: (l, r) => ({ _measurement: l._measurement, minute: l._time, mean: l._value, count: r._value }),
    )
    |> keep(columns: ["minute", "mean", "count"])
