-- Consistency condition 7 (3.3.2.7): OL_DELIVERY_D is null exactly when its order's O_CARRIER_ID is.
SELECT ol_w_id, ol_d_id, ol_o_id, ol_number, ol_delivery_d, o_carrier_id FROM order_line
JOIN oorder ON o_w_id = ol_w_id AND o_d_id = ol_d_id AND o_id = ol_o_id
WHERE (ol_delivery_d IS NULL) <> (o_carrier_id IS NULL)
ORDER BY ol_w_id, ol_d_id, ol_o_id, ol_number LIMIT 5
