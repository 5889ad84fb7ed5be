-- io/dbharness/tpcc/sql/yugabyte/create_indexes.sql

CREATE INDEX customer_name ON customer ((c_w_id) HASH, c_d_id ASC, c_last ASC, c_first ASC);
CREATE UNIQUE INDEX oorder_customer ON oorder ((o_w_id) HASH, o_d_id ASC, o_c_id ASC, o_id DESC);
