${prelude}CREATE TABLE ${table} (
  ts timestamp NOT NULL,
  tag_id integer NOT NULL${columns}
)${storage}${distribution}${order}${index}
