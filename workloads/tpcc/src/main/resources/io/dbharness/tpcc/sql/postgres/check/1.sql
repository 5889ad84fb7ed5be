-- Consistency condition 1 (TPC-C 3.3.2.1): W_YTD = sum(D_YTD) for each warehouse (one without districts
-- fails: its sum is over no rows).
SELECT w_id, w_ytd, d.total FROM warehouse
LEFT JOIN (SELECT d_w_id, sum(d_ytd) AS total FROM district GROUP BY d_w_id) d ON d.d_w_id = w_id
WHERE d.total IS NULL OR w_ytd <> d.total ORDER BY w_id LIMIT 5
