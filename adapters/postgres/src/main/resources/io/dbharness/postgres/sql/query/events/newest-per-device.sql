-- MaibornWolff's newest-per-device (simulator/modules/postgres.py)
SELECT e.device_id, e.temperature FROM {table} e JOIN (SELECT device_id, max("timestamp") AS ts FROM {table} GROUP BY device_id) newest ON e.device_id = newest.device_id AND e."timestamp" = newest.ts
