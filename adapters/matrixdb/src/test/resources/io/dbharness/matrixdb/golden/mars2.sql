CREATE EXTENSION IF NOT EXISTS matrixts;
CREATE TABLE "telematics" (
  ts timestamp NOT NULL,
  tag_id integer NOT NULL,
  c0 float8,
  c1 float8,
  c2 float8
)
USING MARS2
DISTRIBUTED BY (tag_id);
CREATE INDEX ON "telematics" USING mars2_btree (tag_id, ts)
