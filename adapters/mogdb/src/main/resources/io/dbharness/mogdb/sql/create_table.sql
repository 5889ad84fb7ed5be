CREATE TABLE ${table} (
  ${time_and_tags}${columns}
)${storage}${partitioning}
