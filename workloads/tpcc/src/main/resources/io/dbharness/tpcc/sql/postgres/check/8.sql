-- Consistency condition 8 (3.3.2.8): W_YTD = sum(H_AMOUNT) for each warehouse.
SELECT w_id, w_ytd, h.total FROM warehouse
LEFT JOIN (SELECT h_w_id, sum(h_amount) AS total FROM history GROUP BY h_w_id) h ON h.h_w_id = w_id
WHERE h.total IS NULL OR w_ytd <> h.total ORDER BY w_id LIMIT 5
