-- Consistency condition 2 (3.3.2.2): D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID) for each district; max(NO_O_ID)
-- only where the district has new orders ("does not apply ... which have no outstanding new orders").
SELECT d_w_id, d_id, d_next_o_id - 1 AS next_o_id_minus_1, o.max_o_id, n.max_no_o_id FROM district
LEFT JOIN (SELECT o_w_id, o_d_id, max(o_id) AS max_o_id FROM oorder GROUP BY o_w_id, o_d_id) o ON o.o_w_id = d_w_id AND o.o_d_id = d_id
LEFT JOIN (SELECT no_w_id, no_d_id, max(no_o_id) AS max_no_o_id FROM new_order GROUP BY no_w_id, no_d_id) n ON n.no_w_id = d_w_id AND n.no_d_id = d_id
WHERE o.max_o_id IS NULL OR d_next_o_id - 1 <> o.max_o_id OR o.max_o_id <> n.max_no_o_id
ORDER BY d_w_id, d_id LIMIT 5
