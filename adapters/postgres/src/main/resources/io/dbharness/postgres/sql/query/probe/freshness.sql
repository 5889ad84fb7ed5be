-- iot-mixed's freshness probe, for every data model: the one row of a series at one time ({start} to {end} is that
-- microsecond), found through the (key, time) index the queries are prepared with; a row means it is visible.
SELECT {time} FROM {table} WHERE {key} = {tag} AND {time} >= {start} AND {time} < {end} LIMIT 1
