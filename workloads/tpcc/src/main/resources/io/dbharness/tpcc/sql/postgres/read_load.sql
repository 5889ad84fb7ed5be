SELECT warehouses, c_last_load, c_id_const, ol_i_id_const, seed FROM tpcc_load
