txid_current()
