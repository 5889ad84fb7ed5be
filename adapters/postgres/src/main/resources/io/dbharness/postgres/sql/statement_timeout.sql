SET statement_timeout = ${millis}
