INSERT INTO tpcc_load (warehouses, c_last_load, c_id_const, ol_i_id_const, seed, loaded_at) VALUES (?, ?, ?, ?, ?, now())
