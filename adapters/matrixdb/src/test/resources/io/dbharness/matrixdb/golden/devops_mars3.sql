CREATE EXTENSION IF NOT EXISTS matrixts;
CREATE TABLE "cpu" (
  time timestamp NOT NULL,
  hostname text NOT NULL,
  region text NOT NULL,
  usage_user int8,
  usage_system int8
)
USING MARS3
WITH (compresstype=zstd, compresslevel=3, compress_threshold=1200)
DISTRIBUTED BY (hostname)
ORDER BY (hostname, time)
