-- MaibornWolff's temperature-stats, with the count the average is over
SELECT max(temperature) AS max_temperature, avg(temperature) AS avg_temperature, min(temperature) AS min_temperature, count(temperature) AS count FROM {table}
