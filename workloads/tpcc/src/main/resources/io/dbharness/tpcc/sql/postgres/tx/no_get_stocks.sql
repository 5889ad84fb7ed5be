-- New-Order's stock rows, locked in one round trip in key order (so concurrent orders queue rather than
-- deadlock); ${keys} is 15 (s_w_id, s_i_id) pairs of placeholders, unused ones repeating the first.
SELECT s_w_id, s_i_id, s_quantity, s_data, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07,
       s_dist_08, s_dist_09, s_dist_10
FROM stock WHERE (s_w_id, s_i_id) IN (${keys}) ORDER BY s_w_id, s_i_id FOR UPDATE
