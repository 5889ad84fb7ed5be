-- https://questdb.com/docs/concepts/deep-dive/interval-scan/ (ts compared with timestamp strings: an interval scan; tag_id is a SYMBOL, a device a quoted string)
SELECT ts, tag_id, {metrics} FROM {table} WHERE tag_id = {tag} AND ts >= {start} AND ts < {end} ORDER BY ts
