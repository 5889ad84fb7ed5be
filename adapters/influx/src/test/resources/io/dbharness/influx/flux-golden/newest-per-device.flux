bucket = "bench"
from(bucket: bucket)
    |> range(start: 1970-01-01T00:00:00Z, stop: 2262-04-11T00:00:00Z)
    |> filter(fn: (r) => r._measurement == "telematics" and r._field == "c3")
    |> last()
    |> keep(columns: ["tag_id", "_time", "_value"])
    |> rename(columns: { _time: "ts", _value: "value" })
