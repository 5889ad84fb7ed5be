-- io/dbharness/tpcc/sql/yugabyte/create_tables.sql

CREATE TABLE warehouse (
  w_id       integer       NOT NULL,
  w_ytd      decimal(12,2) NOT NULL,
  w_tax      decimal(4,4)  NOT NULL,
  w_name     varchar(10)   NOT NULL,
  w_street_1 varchar(20)   NOT NULL,
  w_street_2 varchar(20)   NOT NULL,
  w_city     varchar(20)   NOT NULL,
  w_state    char(2)       NOT NULL,
  w_zip      char(9)       NOT NULL,
  PRIMARY KEY (w_id HASH)
);
CREATE TABLE district (
  d_w_id      integer       NOT NULL,
  d_id        integer       NOT NULL,
  d_ytd       decimal(12,2) NOT NULL,
  d_tax       decimal(4,4)  NOT NULL,
  d_next_o_id integer       NOT NULL,
  d_name      varchar(10)   NOT NULL,
  d_street_1  varchar(20)   NOT NULL,
  d_street_2  varchar(20)   NOT NULL,
  d_city      varchar(20)   NOT NULL,
  d_state     char(2)       NOT NULL,
  d_zip       char(9)       NOT NULL,
  PRIMARY KEY ((d_w_id) HASH, d_id ASC)
);
CREATE TABLE customer (
  c_w_id         integer       NOT NULL,
  c_d_id         integer       NOT NULL,
  c_id           integer       NOT NULL,
  c_discount     decimal(4,4)  NOT NULL,
  c_credit       char(2)       NOT NULL,
  c_last         varchar(16)   NOT NULL,
  c_first        varchar(16)   NOT NULL,
  c_credit_lim   decimal(12,2) NOT NULL,
  c_balance      decimal(12,2) NOT NULL,
  c_ytd_payment  decimal(12,2) NOT NULL,
  c_payment_cnt  integer       NOT NULL,
  c_delivery_cnt integer       NOT NULL,
  c_street_1     varchar(20)   NOT NULL,
  c_street_2     varchar(20)   NOT NULL,
  c_city         varchar(20)   NOT NULL,
  c_state        char(2)       NOT NULL,
  c_zip          char(9)       NOT NULL,
  c_phone        char(16)      NOT NULL,
  c_since        timestamp     NOT NULL,
  c_middle       char(2)       NOT NULL,
  c_data         varchar(500)  NOT NULL,
  PRIMARY KEY ((c_w_id) HASH, c_d_id ASC, c_id ASC)
);
CREATE TABLE history (
  h_c_id   integer      NOT NULL,
  h_c_d_id integer      NOT NULL,
  h_c_w_id integer      NOT NULL,
  h_d_id   integer      NOT NULL,
  h_w_id   integer      NOT NULL,
  h_date   timestamp    NOT NULL,
  h_amount decimal(6,2) NOT NULL,
  h_data   varchar(24)  NOT NULL
);
CREATE TABLE new_order (
  no_w_id integer NOT NULL,
  no_d_id integer NOT NULL,
  no_o_id integer NOT NULL,
  PRIMARY KEY ((no_w_id) HASH, no_d_id ASC, no_o_id ASC)
);
CREATE TABLE oorder (
  o_w_id       integer   NOT NULL,
  o_d_id       integer   NOT NULL,
  o_id         integer   NOT NULL,
  o_c_id       integer   NOT NULL,
  o_carrier_id integer,
  o_ol_cnt     integer   NOT NULL,
  o_all_local  integer   NOT NULL,
  o_entry_d    timestamp NOT NULL,
  PRIMARY KEY ((o_w_id) HASH, o_d_id ASC, o_id ASC)
);
CREATE TABLE order_line (
  ol_w_id        integer      NOT NULL,
  ol_d_id        integer      NOT NULL,
  ol_o_id        integer      NOT NULL,
  ol_number      integer      NOT NULL,
  ol_i_id        integer      NOT NULL,
  ol_delivery_d  timestamp,
  ol_amount      decimal(6,2) NOT NULL,
  ol_supply_w_id integer      NOT NULL,
  ol_quantity    integer      NOT NULL,
  ol_dist_info   char(24)     NOT NULL,
  PRIMARY KEY ((ol_w_id) HASH, ol_d_id ASC, ol_o_id ASC, ol_number ASC)
);
CREATE TABLE item (
  i_id    integer      NOT NULL,
  i_name  varchar(24)  NOT NULL,
  i_price decimal(5,2) NOT NULL,
  i_data  varchar(50)  NOT NULL,
  i_im_id integer      NOT NULL,
  PRIMARY KEY (i_id HASH)
);
CREATE TABLE stock (
  s_w_id       integer     NOT NULL,
  s_i_id       integer     NOT NULL,
  s_quantity   integer     NOT NULL,
  s_ytd        integer     NOT NULL,
  s_order_cnt  integer     NOT NULL,
  s_remote_cnt integer     NOT NULL,
  s_data       varchar(50) NOT NULL,
  s_dist_01    char(24)    NOT NULL,
  s_dist_02    char(24)    NOT NULL,
  s_dist_03    char(24)    NOT NULL,
  s_dist_04    char(24)    NOT NULL,
  s_dist_05    char(24)    NOT NULL,
  s_dist_06    char(24)    NOT NULL,
  s_dist_07    char(24)    NOT NULL,
  s_dist_08    char(24)    NOT NULL,
  s_dist_09    char(24)    NOT NULL,
  s_dist_10    char(24)    NOT NULL,
  PRIMARY KEY ((s_w_id) HASH, s_i_id ASC)
);
CREATE TABLE tpcc_load (
  warehouses    integer   NOT NULL,
  c_last_load   integer   NOT NULL,
  c_id_const    integer   NOT NULL,
  ol_i_id_const integer   NOT NULL,
  seed          bigint    NOT NULL,
  loaded_at     timestamp NOT NULL
);
