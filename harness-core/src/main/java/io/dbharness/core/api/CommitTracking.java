package io.dbharness.core.api;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * How a SQL target tells, after a lost connection, whether a transaction committed: the client reads the
 * transaction's id before it sends COMMIT, and when the answer to the COMMIT is lost it asks about that id on a
 * new connection (PostgreSQL: {@code txid_current()} and {@code txid_status()}, from release 10).
 */
public interface CommitTracking {

    /**
     * The id of the transaction open on {@code connection} (autocommit off), assigning one if it has none yet;
     * read just before its COMMIT.
     */
    long transactionId(Connection connection) throws SQLException;

    /**
     * A select-list expression giving the same id as {@link #transactionId} (PostgreSQL: {@code txid_current()}),
     * so a workload can read it as one more column of a statement its transaction sends anyway, instead of a round
     * trip of its own; null when the target has none (then {@link #transactionId} it is).
     */
    default String transactionIdColumn() {
        return null;
    }

    /**
     * What became of transaction {@code id}, asked on {@code connection} (a new one): APPLIED when it committed,
     * NOT_APPLIED when it aborted, UNKNOWN when the target cannot tell (too old, or still running after a few
     * seconds: its backend has not noticed the lost connection). Leaves no transaction open.
     */
    Fate fate(Connection connection, long id) throws SQLException;

    /**
     * What the target says of itself as {@code connection} opens, for {@link #fate(Connection, long, String)} to
     * tell an id handed out again since (PostgreSQL, after a crash, hands out again the ids no WAL on disk
     * carried); null when it says nothing. Leaves no transaction open.
     */
    default String mark(Connection connection) {
        return null;
    }

    /** {@link #fate(Connection, long)} of a transaction run on a connection that opened with {@code mark} ({@link #mark}). */
    default Fate fate(Connection connection, long id, String mark) throws SQLException {
        return fate(connection, id);
    }
}
