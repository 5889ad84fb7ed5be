SELECT min({metric}) AS min_value, max({metric}) AS max_value FROM {table}
