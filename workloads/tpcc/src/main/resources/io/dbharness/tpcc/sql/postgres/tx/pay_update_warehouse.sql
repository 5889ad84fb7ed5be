UPDATE warehouse SET w_ytd = w_ytd + ? WHERE w_id = ?
