SELECT count(*) FROM ${table}
