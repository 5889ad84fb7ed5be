COPY ${target} FROM STDIN (FORMAT binary)
