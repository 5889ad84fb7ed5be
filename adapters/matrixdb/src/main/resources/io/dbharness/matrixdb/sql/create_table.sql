${prelude}CREATE TABLE ${table} (
  ${time_and_tags}${columns}
)${storage}${distribution}${order}${index}
