CREATE TABLE ${table} (
  ${time_and_tags}${columns},
  ${primary_key}
)${split}
