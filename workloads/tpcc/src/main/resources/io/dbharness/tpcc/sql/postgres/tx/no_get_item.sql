SELECT i_price, i_name, i_data FROM item WHERE i_id = ?
