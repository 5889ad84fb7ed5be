SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_since, c_credit, c_credit_lim,
       c_discount, c_balance
FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ? FOR UPDATE
