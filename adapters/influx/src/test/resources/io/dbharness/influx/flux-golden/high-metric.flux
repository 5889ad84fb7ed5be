bucket = "bench"
from(bucket: bucket)
    |> range(start: 2022-04-18T09:00:00Z, stop: 2022-04-18T10:00:00Z)
    |> filter(fn: (r) => r._measurement == "telematics" and r._field == "c3" and r._value > 900.0)
    |> max()
    |> keep(columns: ["tag_id", "_value"])
    |> rename(columns: { _value: "max_value" })
