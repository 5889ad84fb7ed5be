CREATE TABLE "cpu" (
  time timestamp NOT NULL,
  hostname text NOT NULL,
  region text NOT NULL,
  usage_user int8,
  usage_system int8
)
PARTITION BY RANGE (time) INTERVAL ('1 day')
(
  PARTITION p_start VALUES LESS THAN ('1970-01-01 00:00:00')
)
