-- New-Order's lines in one statement: the order's id, district and warehouse, then ${line_rows}, 15 rows of
-- (ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) of which the first (last parameter)
-- are inserted; the others repeat the last line.
INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info)
SELECT ?, ?, ?, l.number, l.i_id, l.supply_w_id, l.quantity, l.amount, l.dist_info
FROM (VALUES ${line_rows}) AS l (number, i_id, supply_w_id, quantity, amount, dist_info)
WHERE l.number <= ?
