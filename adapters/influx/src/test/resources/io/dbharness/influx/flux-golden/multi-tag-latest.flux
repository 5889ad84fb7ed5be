bucket = "bench"
from(bucket: bucket)
    |> range(start: 1970-01-01T00:00:00Z, stop: 2262-04-11T00:00:00Z)
    |> filter(fn: (r) => r._measurement == "telematics" and contains(value: r.tag_id, set: ["1", "2", "3"]))
    |> last()
    |> pivot(rowKey: ["_time"], columnKey: ["_field"], valueColumn: "_value")
    |> top(n: 1, columns: ["_time"])
    |> drop(columns: ["_start", "_stop", "_measurement"])
    |> rename(columns: { _time: "ts" })
