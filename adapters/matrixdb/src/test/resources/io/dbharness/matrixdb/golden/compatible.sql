CREATE TABLE "telematics" (
  ts timestamp NOT NULL,
  tag_id integer NOT NULL,
  c0 float8,
  c1 float8,
  c2 float8
)
