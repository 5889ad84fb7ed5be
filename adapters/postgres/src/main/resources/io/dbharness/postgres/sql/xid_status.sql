SELECT txid_status(?)
