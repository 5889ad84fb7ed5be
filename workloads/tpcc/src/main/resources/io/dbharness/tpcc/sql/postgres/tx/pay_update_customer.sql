-- The customer's payment in one statement (clause 2.5.2.2): balance, year-to-date and count; a bad-credit ("BC")
-- customer's C_DATA gets the payment's C_ID, C_D_ID, C_W_ID, D_ID, W_ID and H_AMOUNT in front, kept to 500
-- characters; the row's columns come back as they are after the update. Parameters: the amount three times, the
-- paying district and warehouse, then the customer's warehouse, district and id.
UPDATE customer SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?, c_payment_cnt = c_payment_cnt + 1,
       c_data = CASE WHEN c_credit = 'BC'
                     THEN substr(c_id || ' ' || c_d_id || ' ' || c_w_id || ' ' || ?::int || ' ' || ?::int || ' '
                                 || ?::numeric(6, 2) || ' | ' || c_data, 1, 500)
                     ELSE c_data END
WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?
RETURNING c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_since, c_credit,
          c_credit_lim, c_discount, c_balance
