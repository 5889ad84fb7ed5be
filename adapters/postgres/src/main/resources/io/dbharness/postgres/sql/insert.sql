INSERT INTO ${target} VALUES ${rows}
