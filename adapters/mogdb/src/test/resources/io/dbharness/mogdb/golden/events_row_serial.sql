CREATE TABLE "events" (
  id serial,
  timestamp timestamp NOT NULL,
  device_id text NOT NULL,
  sequence_number int8,
  temperature float4,
  PRIMARY KEY (id)
)
