-- A load task retried after a lost connection first removes what its earlier attempt committed.
DELETE FROM ${table} WHERE ${column} = ?
