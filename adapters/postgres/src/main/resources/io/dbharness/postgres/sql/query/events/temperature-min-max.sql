-- MaibornWolff's temperature-min-max (simulator/modules/postgres.py)
SELECT max(temperature) AS max_temperature, min(temperature) AS min_temperature FROM {table}
