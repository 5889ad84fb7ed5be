package io.dbharness.core.api;

/**
 * SQL access to a server that runs multi-statement transactions with row locks and isolation levels (the
 * PostgreSQL family), which OLTP workloads such as TPC-C need; a SQL target without them (QuestDB) offers
 * {@link SqlAccess} only, and such workloads are refused before it is even started.
 */
public interface SqlTransactions extends SqlAccess {

    /**
     * How this target tells whether a transaction whose COMMIT got no answer committed; empty when it cannot
     * (such a transaction is then of unknown fate: counted as an error, never run again).
     */
    default java.util.Optional<CommitTracking> commitTracking() {
        return java.util.Optional.empty();
    }
}
