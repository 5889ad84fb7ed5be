SELECT d_next_o_id FROM district WHERE d_w_id = ? AND d_id = ?
