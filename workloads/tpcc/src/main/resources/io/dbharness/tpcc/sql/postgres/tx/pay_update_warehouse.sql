-- The warehouse's year-to-date and its name and address in one statement (clause 2.5.2.2); ${xid}: see
-- no_update_district.sql.
UPDATE warehouse SET w_ytd = w_ytd + ? WHERE w_id = ?
RETURNING w_name, w_street_1, w_street_2, w_city, w_state, w_zip${xid}
