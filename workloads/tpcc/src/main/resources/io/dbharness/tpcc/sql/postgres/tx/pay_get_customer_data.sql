SELECT c_data FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?
