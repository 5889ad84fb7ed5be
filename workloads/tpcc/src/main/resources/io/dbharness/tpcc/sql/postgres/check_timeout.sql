-- The checks after the run read whole tables: their own deadline for the transaction they run in, not --op-timeout.
SET LOCAL statement_timeout = ${millis}
