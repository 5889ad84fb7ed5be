-- iot-mixed's freshness probe, for every data model: the one row of a series at one time ({start} to {end} is that
-- microsecond); a row means QuestDB's WAL apply has made it visible to queries.
SELECT {time} FROM {table} WHERE {key} = {tag} AND {time} >= {start} AND {time} < {end} LIMIT 1
