-- New-Order's items in one round trip; ${ids} is 15 placeholders (an order has at most 15 lines, unused ones
-- repeat the first id), so one prepared statement serves every order.
SELECT i_id, i_price, i_name, i_data FROM item WHERE i_id IN (${ids})
