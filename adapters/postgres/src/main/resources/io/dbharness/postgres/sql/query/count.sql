SELECT count({metric}) AS count FROM {table}
