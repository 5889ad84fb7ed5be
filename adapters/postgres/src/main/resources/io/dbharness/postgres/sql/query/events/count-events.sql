-- MaibornWolff's count-events (simulator/modules/postgres.py)
SELECT count(*) AS count FROM {table}
