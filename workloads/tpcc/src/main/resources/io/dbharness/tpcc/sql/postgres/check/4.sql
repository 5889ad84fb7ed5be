-- Consistency condition 4 (3.3.2.4): sum(O_OL_CNT) = the number of ORDER-LINE rows, per district. The key is
-- the orders' or, for lines of a district without orders, the lines'.
SELECT coalesce(o.o_w_id, l.ol_w_id) AS w_id, coalesce(o.o_d_id, l.ol_d_id) AS d_id, o.ol_cnt_sum, l.order_lines
FROM (SELECT o_w_id, o_d_id, sum(o_ol_cnt) AS ol_cnt_sum FROM oorder GROUP BY o_w_id, o_d_id) o
FULL JOIN (SELECT ol_w_id, ol_d_id, count(*) AS order_lines FROM order_line GROUP BY ol_w_id, ol_d_id) l
  ON l.ol_w_id = o.o_w_id AND l.ol_d_id = o.o_d_id
WHERE o.ol_cnt_sum IS DISTINCT FROM l.order_lines
ORDER BY 1, 2 LIMIT 5
