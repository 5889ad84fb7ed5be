UPDATE district SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?
