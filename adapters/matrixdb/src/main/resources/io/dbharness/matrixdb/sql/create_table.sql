${prelude}CREATE TABLE ${table} (
  ${time_and_tags}${columns}${row_key}
)${storage}${distribution}${order}${index}
