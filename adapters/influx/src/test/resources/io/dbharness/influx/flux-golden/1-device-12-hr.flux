bucket = "bench"
from(bucket: bucket)
    |> range(start: 2022-04-18T09:00:00Z, stop: 2022-04-18T10:00:00Z)
    |> filter(fn: (r) => r._measurement == "telematics" and r._field == "c3" and r.tag_id == "17")
    |> aggregateWindow(every: 1m, fn: max, createEmpty: false, timeSrc: "_start")
    |> keep(columns: ["_time", "_value"])
    |> rename(columns: { _time: "minute", _value: "max_value" })
