SELECT to_regclass(?) IS NOT NULL
