import "join"
bucket = "bench"

data = from(bucket: bucket)
    |> range(start: 1970-01-01T00:00:00Z, stop: 2262-04-11T00:00:00Z)
    |> filter(fn: (r) => r._measurement == "telematics" and r._field == "c3")
    |> group(columns: ["tag_id"])

data
    |> count()
    |> rename(columns: { _value: "count" })
    |> join.inner(right: data |> min(), on: (l, r) => l.tag_id == r.tag_id, as: (l, r) => ({ l with min_value: r._value }))
    |> join.inner(right: data |> max(), on: (l, r) => l.tag_id == r.tag_id, as: (l, r) => ({ l with max_value: r._value }))
    |> join.inner(right: data |> mean(), on: (l, r) => l.tag_id == r.tag_id, as: (l, r) => ({ l with mean: r._value }))
