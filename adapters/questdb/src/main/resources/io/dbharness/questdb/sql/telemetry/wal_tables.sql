-- Every WAL table's transactions: committed to its WAL (sequencerTxn) and applied to the table (writerTxn); the
-- difference is the apply lag. https://questdb.com/docs/reference/function/meta/#wal_tables
SELECT name, suspended, writerTxn, sequencerTxn FROM wal_tables()
