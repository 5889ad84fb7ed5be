INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)
