DELETE FROM tpcc_load
