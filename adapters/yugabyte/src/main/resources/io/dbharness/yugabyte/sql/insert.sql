INSERT INTO ${target} VALUES ${rows}${on_conflict}
