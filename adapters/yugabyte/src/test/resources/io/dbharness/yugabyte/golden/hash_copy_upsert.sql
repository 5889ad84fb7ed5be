-- create_table
CREATE TABLE "iot" (
  ts timestamp NOT NULL,
  tag_id integer NOT NULL,
  c0 int8,
  c1 int8,
  c2 int8,
  ext jsonb,
  PRIMARY KEY ((tag_id) HASH, ts ASC)
);
-- copy_binary
COPY "iot" (ts, tag_id, c0, c1, c2, ext) FROM STDIN WITH (FORMAT binary, ROWS_PER_TRANSACTION 5000, REPLACE);
-- copy_text
COPY "iot" (ts, tag_id, c0, c1, c2, ext) FROM STDIN WITH (FORMAT text, ROWS_PER_TRANSACTION 5000, REPLACE);
-- insert
INSERT INTO "iot" (ts, tag_id, c0, c1, c2, ext) VALUES (?, ?, ?, ?, ?, ?);
