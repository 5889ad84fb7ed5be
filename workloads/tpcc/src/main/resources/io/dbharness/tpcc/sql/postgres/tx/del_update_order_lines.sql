-- The order's lines dated, their amounts returned for the customer's balance (clause 2.7.4.2).
UPDATE order_line SET ol_delivery_d = ? WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ? RETURNING ol_amount
