SELECT c_discount, c_last, c_credit, w_tax FROM customer JOIN warehouse ON w_id = c_w_id WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?
