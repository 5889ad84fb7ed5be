SET LOCAL statement_timeout = ${millis}
