-- create_table
CREATE TABLE "events" (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 1 CACHE 100),
  timestamp timestamp NOT NULL,
  device_id text NOT NULL,
  sequence_number int8,
  temperature float4,
  PRIMARY KEY (id)
);
-- copy_binary
COPY "events" (timestamp, device_id, sequence_number, temperature) FROM STDIN WITH (FORMAT binary, ROWS_PER_TRANSACTION 5000);
-- copy_text
COPY "events" (timestamp, device_id, sequence_number, temperature) FROM STDIN WITH (FORMAT text, ROWS_PER_TRANSACTION 5000);
-- insert
INSERT INTO "events" (timestamp, device_id, sequence_number, temperature) VALUES (?, ?, ?, ?);
