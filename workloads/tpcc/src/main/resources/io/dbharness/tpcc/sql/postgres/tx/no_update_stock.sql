-- New-Order's stock updates in one statement (clause 2.4.2.2): per (s_w_id, s_i_id) the new S_QUANTITY, what adds
-- to S_YTD, S_ORDER_CNT and S_REMOTE_CNT (an item on two lines of the order: its lines summed). ${stock_rows} is 15
-- rows of 6 placeholders; unused rows repeat the last one (a row joined twice is updated once).
UPDATE stock SET s_quantity = u.quantity, s_ytd = s_ytd + u.ytd, s_order_cnt = s_order_cnt + u.orders,
       s_remote_cnt = s_remote_cnt + u.remote
FROM (VALUES ${stock_rows}) AS u (w_id, i_id, quantity, ytd, orders, remote)
WHERE s_w_id = u.w_id AND s_i_id = u.i_id
