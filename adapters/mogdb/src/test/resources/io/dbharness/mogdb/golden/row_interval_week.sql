CREATE TABLE "telematics" (
  ts timestamp NOT NULL,
  tag_id integer NOT NULL,
  c0 float8,
  c1 float8,
  c2 float8
)
PARTITION BY RANGE (ts) INTERVAL ('7 days')
(
  PARTITION p_start VALUES LESS THAN ('1970-01-01 00:00:00')
)
