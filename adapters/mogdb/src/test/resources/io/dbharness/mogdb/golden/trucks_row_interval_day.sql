CREATE TABLE "diagnostics" (
  time timestamp NOT NULL,
  name text NOT NULL,
  fleet text,
  fuel_state float8,
  status int8
)
PARTITION BY RANGE (time) INTERVAL ('1 day')
(
  PARTITION p_start VALUES LESS THAN ('1970-01-01 00:00:00')
)
