-- MatrixDB (Greenplum-based, distributed): TSBS's own DISTINCT ON, as the telematics lastpoint.sql here
SELECT DISTINCT ON (hostname) time, hostname, {metrics} FROM {table} ORDER BY hostname, time DESC
