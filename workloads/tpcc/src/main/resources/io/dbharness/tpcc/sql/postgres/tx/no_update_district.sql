-- The district's next order id, taken and advanced in one statement (clause 2.4.2.2: D_TAX and D_NEXT_O_ID read,
-- D_NEXT_O_ID incremented); the row stays locked to the COMMIT. ${xid} is the transaction id for settling a lost
-- COMMIT (", txid_current()") when the target tracks commits, else empty: no round trip of its own.
UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = ? AND d_id = ? RETURNING d_tax, d_next_o_id - 1${xid}
