-- YugabyteDB: the primary keys are declared in create_tables, so after the load only the generic file's two
-- secondary indexes, laid out like the keys: hashed on the warehouse id, then range columns; the order index
-- keeps o_id DESC, the order Order-Status reads it in (ORDER BY o_id DESC LIMIT 1).
--   https://docs.yugabyte.com/stable/api/ysql/the-sql-language/statements/ddl_create_index/ (HASH, ASC, DESC)
CREATE INDEX customer_name ON customer ((c_w_id) HASH, c_d_id ASC, c_last ASC, c_first ASC);
CREATE UNIQUE INDEX oorder_customer ON oorder ((o_w_id) HASH, o_d_id ASC, o_c_id ASC, o_id DESC);
