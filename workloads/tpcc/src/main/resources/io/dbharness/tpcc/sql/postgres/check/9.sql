-- Consistency condition 9 (3.3.2.9): D_YTD = sum(H_AMOUNT) for each district.
SELECT d_w_id, d_id, d_ytd, h.total FROM district
LEFT JOIN (SELECT h_w_id, h_d_id, sum(h_amount) AS total FROM history GROUP BY h_w_id, h_d_id) h
  ON h.h_w_id = d_w_id AND h.h_d_id = d_id
WHERE h.total IS NULL OR d_ytd <> h.total ORDER BY d_w_id, d_id LIMIT 5
