CREATE EXTENSION IF NOT EXISTS matrixts;
CREATE TABLE "cpu" (
  time timestamp NOT NULL,
  hostname text NOT NULL,
  region text NOT NULL,
  usage_user int8,
  usage_system int8
)
USING MARS2
DISTRIBUTED BY (hostname);
CREATE INDEX ON "cpu" USING mars2_btree (hostname, time)
