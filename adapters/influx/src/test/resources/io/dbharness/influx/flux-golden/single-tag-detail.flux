bucket = "bench"
from(bucket: bucket)
    |> range(start: 2022-04-18T09:00:00Z, stop: 2022-04-18T10:00:00Z)
    |> filter(fn: (r) => r._measurement == "telematics" and r.tag_id == "17")
    |> pivot(rowKey: ["_time"], columnKey: ["_field"], valueColumn: "_value")
    |> drop(columns: ["_start", "_stop", "_measurement"])
    |> rename(columns: { _time: "ts" })
