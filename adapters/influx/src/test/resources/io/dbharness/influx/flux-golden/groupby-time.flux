import "join"
bucket = "bench"

data = from(bucket: bucket)
    |> range(start: 2022-04-18T09:00:00Z, stop: 2022-04-18T10:00:00Z)
    |> filter(fn: (r) => r._measurement == "telematics" and r._field == "c3")
    |> group(columns: ["_measurement"])

data
    |> aggregateWindow(every: 1m, fn: mean, createEmpty: false, timeSrc: "_start")
    |> join.inner(
        right: data |> aggregateWindow(every: 1m, fn: count, createEmpty: false, timeSrc: "_start"),
        on: (l, r) => l._time == r._time,
        as: (l, r) => ({ _measurement: l._measurement, minute: l._time, mean: l._value, count: r._value }),
    )
    |> keep(columns: ["minute", "mean", "count"])
