-- MaibornWolff's newest-per-device; https://questdb.com/docs/query/sql/latest-on/
SELECT device_id, temperature FROM {table} LATEST ON "timestamp" PARTITION BY device_id
