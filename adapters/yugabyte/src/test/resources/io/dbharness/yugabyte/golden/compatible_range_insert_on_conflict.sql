-- create_table
CREATE TABLE "iot" (
  ts timestamp NOT NULL,
  tag_id integer NOT NULL,
  c0 int8,
  c1 int8,
  c2 int8,
  ext jsonb,
  PRIMARY KEY (tag_id, ts)
);
-- copy_binary
COPY "iot" (ts, tag_id, c0, c1, c2, ext) FROM STDIN WITH (FORMAT binary);
-- copy_text
COPY "iot" (ts, tag_id, c0, c1, c2, ext) FROM STDIN WITH (FORMAT text);
-- insert
INSERT INTO "iot" (ts, tag_id, c0, c1, c2, ext) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING;
