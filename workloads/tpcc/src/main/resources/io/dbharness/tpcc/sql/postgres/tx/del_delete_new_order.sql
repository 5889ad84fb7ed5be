-- The district's oldest new order, taken (clause 2.7.4.2): its row deleted and its id returned. No row back when the
-- district has none, or another delivery took it first (del_get_new_order.sql then tells which). ${xid}: see
-- no_update_district.sql.
DELETE FROM new_order WHERE no_w_id = ? AND no_d_id = ?
  AND no_o_id = (SELECT min(no_o_id) FROM new_order WHERE no_w_id = ? AND no_d_id = ?)
RETURNING no_o_id${xid}
