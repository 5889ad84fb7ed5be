-- Consistency condition 6 (3.3.2.6): O_OL_CNT = the number of ORDER-LINE rows of each order.
SELECT o_w_id, o_d_id, o_id, o_ol_cnt, coalesce(l.lines, 0) AS order_lines FROM oorder
LEFT JOIN (SELECT ol_w_id, ol_d_id, ol_o_id, count(*) AS lines FROM order_line GROUP BY ol_w_id, ol_d_id, ol_o_id) l
  ON l.ol_w_id = o_w_id AND l.ol_d_id = o_d_id AND l.ol_o_id = o_id
WHERE o_ol_cnt <> coalesce(l.lines, 0)
ORDER BY o_w_id, o_d_id, o_id LIMIT 5
