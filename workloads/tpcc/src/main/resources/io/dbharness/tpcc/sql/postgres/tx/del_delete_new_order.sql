DELETE FROM new_order WHERE no_w_id = ? AND no_d_id = ? AND no_o_id = ?
