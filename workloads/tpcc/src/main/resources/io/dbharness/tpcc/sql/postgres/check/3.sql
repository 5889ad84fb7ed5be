-- Consistency condition 3 (3.3.2.3): max(NO_O_ID) - min(NO_O_ID) + 1 = the number of NEW-ORDER rows, per district.
SELECT no_w_id, no_d_id, count(*) AS new_orders, max(no_o_id) - min(no_o_id) + 1 AS id_range FROM new_order
GROUP BY no_w_id, no_d_id HAVING count(*) <> max(no_o_id) - min(no_o_id) + 1
ORDER BY no_w_id, no_d_id LIMIT 5
