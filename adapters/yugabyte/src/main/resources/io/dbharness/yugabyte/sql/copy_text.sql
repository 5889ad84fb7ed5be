COPY ${target} FROM STDIN WITH (FORMAT text${copy_options})
