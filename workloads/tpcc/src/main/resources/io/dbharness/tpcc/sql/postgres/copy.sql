COPY ${table} (${columns}) FROM STDIN
