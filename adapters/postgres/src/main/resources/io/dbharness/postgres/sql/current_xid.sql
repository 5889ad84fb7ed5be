SELECT txid_current()
