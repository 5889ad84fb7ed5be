COPY ${target} FROM STDIN
