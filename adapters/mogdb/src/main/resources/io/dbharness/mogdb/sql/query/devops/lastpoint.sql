-- openGauss has no LATERAL (see the telematics lastpoint.sql here): TSBS's own DISTINCT ON
SELECT DISTINCT ON (hostname) time, hostname, {metrics} FROM {table} ORDER BY hostname, time DESC
