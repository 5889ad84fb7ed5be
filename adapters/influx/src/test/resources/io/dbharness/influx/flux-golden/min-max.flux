import "join"
bucket = "bench"

data = from(bucket: bucket)
    |> range(start: 1970-01-01T00:00:00Z, stop: 2262-04-11T00:00:00Z)
    |> filter(fn: (r) => r._measurement == "telematics" and r._field == "c3")
    |> group(columns: ["_measurement"])

data
    |> min()
    |> keep(columns: ["_measurement", "_value"])
    |> rename(columns: { _value: "min_value" })
    |> join.inner(right: data |> max(), on: (l, r) => l._measurement == r._measurement, as: (l, r) => ({ l with max_value: r._value }))
