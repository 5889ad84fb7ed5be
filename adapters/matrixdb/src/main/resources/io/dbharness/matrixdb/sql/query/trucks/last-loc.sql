-- TSBS's last-loc on MatrixDB (Greenplum-based, distributed): DISTINCT ON, as the telematics lastpoint.sql here
SELECT DISTINCT ON (name) name, driver, latitude, longitude FROM {table}
WHERE fleet = {choice} AND name IS NOT NULL
ORDER BY name, time DESC
