-- MaibornWolff's temperature-stats-per-device, with the count each average is over; https://questdb.com/docs/query/sql/group-by/
SELECT device_id, max(temperature) AS max_temperature, avg(temperature) AS avg_temperature, min(temperature) AS min_temperature, count(temperature) AS count FROM {table} GROUP BY device_id
