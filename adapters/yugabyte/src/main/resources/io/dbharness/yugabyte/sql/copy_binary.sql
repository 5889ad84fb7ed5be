COPY ${target} FROM STDIN WITH (FORMAT binary${copy_options})
