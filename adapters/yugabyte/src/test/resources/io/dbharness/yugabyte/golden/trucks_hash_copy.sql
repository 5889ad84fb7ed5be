-- create_table
CREATE TABLE "diagnostics" (
  time timestamp NOT NULL,
  name text NOT NULL,
  fleet text,
  fuel_state float8,
  status int8,
  PRIMARY KEY ((name) HASH, time ASC)
);
-- copy_binary
COPY "diagnostics" (time, name, fleet, fuel_state, status) FROM STDIN WITH (FORMAT binary, ROWS_PER_TRANSACTION 5000);
-- copy_text
COPY "diagnostics" (time, name, fleet, fuel_state, status) FROM STDIN WITH (FORMAT text, ROWS_PER_TRANSACTION 5000);
-- insert
INSERT INTO "diagnostics" (time, name, fleet, fuel_state, status) VALUES (?, ?, ?, ?, ?);
