UPDATE district SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?
RETURNING d_name, d_street_1, d_street_2, d_city, d_state, d_zip
