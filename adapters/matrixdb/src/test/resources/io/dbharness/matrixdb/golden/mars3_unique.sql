CREATE EXTENSION IF NOT EXISTS matrixts;
CREATE TABLE "telematics" (
  ts timestamp NOT NULL,
  tag_id integer NOT NULL,
  c0 float8,
  c1 float8,
  c2 float8
)
USING MARS3
WITH (compresstype=zstd, compresslevel=3, compress_threshold=1200, uniquemode=true)
DISTRIBUTED BY (tag_id)
ORDER BY (tag_id, ts)
