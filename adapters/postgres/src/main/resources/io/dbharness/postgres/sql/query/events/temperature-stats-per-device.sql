-- MaibornWolff's temperature-stats-per-device (simulator/modules/postgres.py), with the count each average is over (answers are compared through it)
SELECT device_id, max(temperature) AS max_temperature, avg(temperature) AS avg_temperature, min(temperature) AS min_temperature, count(temperature) AS count FROM {table} GROUP BY device_id
