-- MaibornWolff's temperature-stats (simulator/modules/postgres.py), with the count the average is over (answers are compared through it)
SELECT max(temperature) AS max_temperature, avg(temperature) AS avg_temperature, min(temperature) AS min_temperature, count(temperature) AS count FROM {table}
