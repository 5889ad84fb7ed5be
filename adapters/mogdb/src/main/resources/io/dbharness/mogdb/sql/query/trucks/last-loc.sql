-- TSBS's last-loc: openGauss has no LATERAL (see the telematics lastpoint.sql here), so TSBS's plain DISTINCT ON
SELECT DISTINCT ON (name) name, driver, latitude, longitude FROM {table}
WHERE fleet = {choice} AND name IS NOT NULL
ORDER BY name, time DESC
