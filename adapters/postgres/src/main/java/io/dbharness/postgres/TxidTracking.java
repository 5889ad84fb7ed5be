package io.dbharness.postgres;

import io.dbharness.core.api.CommitTracking;
import io.dbharness.core.api.Fate;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * {@code txid_current()} before the COMMIT, {@code txid_status()} after a lost answer (PostgreSQL 10+, on the
 * flavors that {@link PgFlavor#tracksCommits track commits}). Shared by the writers and the SQL workloads.
 *
 * <p>Across a crash (a backend killed: the server ends every session and replays its WAL) an id is not a name any
 * more: an id that no WAL record on disk carries is handed out again after the replay, so {@code txid_status()}
 * may answer for someone else's transaction, or say the id is "in the future". Neither can be a transaction that
 * committed, since a COMMIT is answered only once its record is on disk, and the replay moves the next id past
 * every id it reads. So an id at or past the first one handed out after the crash is NOT_APPLIED; that first id
 * is the next id of the checkpoint the recovery ends with, when it is newer than the one the transaction's
 * connection saw when it opened ({@link #mark}).
 */
final class TxidTracking implements CommitTracking {

    /** A transaction whose backend has not yet noticed the lost connection is asked about again this long. */
    private static final long IN_PROGRESS_WAIT_NANOS = 5_000_000_000L;

    /** The latest checkpoint: where it is, whether it is a shutdown or end-of-recovery one, the next id it holds. */
    private static final String CHECKPOINT = "SELECT checkpoint_lsn::text, redo_lsn = checkpoint_lsn, next_xid"
            + " FROM pg_control_checkpoint()";

    private final String currentXid;
    private final String currentXidColumn;
    private final String xidStatus;

    TxidTracking(PgFlavor flavor) {
        this.currentXid = flavor.dialect().get("current_xid");
        this.currentXidColumn = flavor.dialect().get("current_xid_column").strip();
        this.xidStatus = flavor.dialect().get("xid_status");
    }

    @Override
    public long transactionId(Connection connection) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(currentXid); ResultSet rs = ps.executeQuery()) {
            if (!rs.next()) {
                throw new SQLException("the transaction id query returned no row");
            }
            return rs.getLong(1);
        }
    }

    @Override
    public String transactionIdColumn() {
        return currentXidColumn;
    }

    /**
     * The server's latest checkpoint as {@code connection} opens, for {@link #fate(Connection, long, String)} to
     * tell a restart since; null when the server does not say (the id's answer is then taken as it is).
     */
    @Override
    public String mark(Connection connection) {
        try (PreparedStatement ps = connection.prepareStatement(CHECKPOINT); ResultSet rs = ps.executeQuery()) {
            String mark = rs.next() ? rs.getString(1) : null;
            if (!connection.getAutoCommit()) {
                connection.rollback(); // the query opened a transaction; it changed nothing
            }
            return mark;
        } catch (SQLException e) {
            try {
                if (!connection.getAutoCommit()) {
                    connection.rollback(); // a refused function (a flavor without it) must not leave the transaction aborted
                }
            } catch (SQLException lost) {
                // a lost connection shows on the next statement
            }
            return null; // the mark left out: the id's answer is then taken as it is
        }
    }

    @Override
    public Fate fate(Connection connection, long id) throws SQLException {
        return fate(connection, id, null);
    }

    /**
     * {@link #fate(Connection, long)} of a transaction run on a connection that opened with {@code mark}
     * ({@link #mark}, or null when unknown): an id the server may have handed out again since is NOT_APPLIED.
     */
    @Override
    public Fate fate(Connection connection, long id, String mark) throws SQLException {
        Fate fate;
        if (mark != null && reassignable(connection, id, mark)) {
            fate = Fate.NOT_APPLIED;
        } else {
            try {
                fate = ask(connection, id, System.nanoTime() + IN_PROGRESS_WAIT_NANOS);
            } catch (SQLException e) {
                if (!"22023".equals(e.getSQLState())) {
                    throw e;
                }
                fate = Fate.NOT_APPLIED; // "transaction ID ... is in the future": never on disk, so never committed
            }
        }
        if (!connection.getAutoCommit()) {
            connection.rollback(); // the status query opened a transaction; it changed nothing
        }
        return fate;
    }

    /**
     * Whether the server started again since the mark (its latest checkpoint is a newer shutdown or end-of-recovery
     * one: those alone have their redo point at themselves) with a next id at or below {@code id}: then the id was
     * handed out before the restart and not kept, and may be handed out again.
     */
    private static boolean reassignable(Connection connection, long id, String mark) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(CHECKPOINT); ResultSet rs = ps.executeQuery()) {
            if (!rs.next() || mark.equals(rs.getString(1)) || !rs.getBoolean(2)) {
                return false;
            }
            String[] next = rs.getString(3).split("[:/]"); // epoch:xid, as txid_current() counts epoch << 32 | xid
            long first = (Long.parseLong(next[0]) << 32) | Long.parseLong(next[1]);
            return id >= first;
        }
    }

    /** Not in a finally: a connection lost while asking must be the error the caller sees, not the rollback's. */
    private Fate ask(Connection connection, long id, long deadline) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(xidStatus)) {
            while (true) {
                ps.setLong(1, id);
                String status;
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    status = rs.getString(1);
                }
                if ("committed".equals(status)) {
                    return Fate.APPLIED;
                }
                if ("aborted".equals(status)) {
                    return Fate.NOT_APPLIED;
                }
                if (status == null || System.nanoTime() - deadline > 0) {
                    return Fate.UNKNOWN; // too old to tell, or still running
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return Fate.UNKNOWN;
                }
            }
        }
    }
}
