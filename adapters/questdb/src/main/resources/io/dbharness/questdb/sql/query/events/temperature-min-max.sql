-- MaibornWolff's temperature-min-max
SELECT max(temperature) AS max_temperature, min(temperature) AS min_temperature FROM {table}
