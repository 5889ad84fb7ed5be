-- Consistency condition 5 (3.3.2.5): O_CARRIER_ID is null exactly for the orders that have a NEW-ORDER row.
SELECT o_w_id, o_d_id, o_id, o_carrier_id, no_o_id FROM oorder
LEFT JOIN new_order ON no_w_id = o_w_id AND no_d_id = o_d_id AND no_o_id = o_id
WHERE (o_carrier_id IS NULL) <> (no_o_id IS NOT NULL)
ORDER BY o_w_id, o_d_id, o_id LIMIT 5
