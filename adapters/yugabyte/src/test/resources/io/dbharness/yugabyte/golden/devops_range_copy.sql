-- create_table
CREATE TABLE "cpu" (
  time timestamp NOT NULL,
  hostname text NOT NULL,
  region text NOT NULL,
  usage_user int8,
  usage_system int8,
  PRIMARY KEY (hostname ASC, time ASC)
);
-- copy_binary
COPY "cpu" (time, hostname, region, usage_user, usage_system) FROM STDIN WITH (FORMAT binary, ROWS_PER_TRANSACTION 1000);
-- copy_text
COPY "cpu" (time, hostname, region, usage_user, usage_system) FROM STDIN WITH (FORMAT text, ROWS_PER_TRANSACTION 1000);
-- insert
INSERT INTO "cpu" (time, hostname, region, usage_user, usage_system) VALUES (?, ?, ?, ?, ?);
