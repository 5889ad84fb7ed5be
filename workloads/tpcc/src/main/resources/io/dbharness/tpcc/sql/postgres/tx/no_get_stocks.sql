-- New-Order's items and their stock rows in one round trip (clause 2.4.2.2: I_PRICE, I_NAME, I_DATA; S_QUANTITY,
-- S_DIST_xx of the order's district, S_DATA), the stock rows locked in key order so concurrent orders queue rather
-- than deadlock. The first parameter is the district (which S_DIST_xx); ${keys} is 15 (s_w_id, s_i_id) pairs of
-- placeholders, unused ones repeating the first. An unused item id has no row: the order rolls back.
SELECT s_w_id, s_i_id, s_quantity,
       CASE ?::int WHEN 1 THEN s_dist_01 WHEN 2 THEN s_dist_02 WHEN 3 THEN s_dist_03 WHEN 4 THEN s_dist_04
                   WHEN 5 THEN s_dist_05 WHEN 6 THEN s_dist_06 WHEN 7 THEN s_dist_07 WHEN 8 THEN s_dist_08
                   WHEN 9 THEN s_dist_09 ELSE s_dist_10 END,
       i_price, i_name, i_data, s_data
FROM stock JOIN item ON i_id = s_i_id
WHERE (s_w_id, s_i_id) IN (${keys}) ORDER BY s_w_id, s_i_id FOR UPDATE OF stock
