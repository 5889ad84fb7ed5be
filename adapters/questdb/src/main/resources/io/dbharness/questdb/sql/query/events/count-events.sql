-- MaibornWolff's count-events
SELECT count() AS count FROM {table}
