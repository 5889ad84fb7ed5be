CREATE EXTENSION IF NOT EXISTS matrixts;
CREATE TABLE "diagnostics" (
  time timestamp NOT NULL,
  name text NOT NULL,
  fleet text,
  fuel_state float8,
  status int8
)
USING MARS2
DISTRIBUTED BY (name);
CREATE INDEX ON "diagnostics" USING mars2_btree (name, time)
