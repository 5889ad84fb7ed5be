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
 */
final class TxidTracking implements CommitTracking {

    /** A transaction whose backend has not yet noticed the lost connection is asked about again this long. */
    private static final long IN_PROGRESS_WAIT_NANOS = 5_000_000_000L;

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

    @Override
    public Fate fate(Connection connection, long id) throws SQLException {
        long deadline = System.nanoTime() + IN_PROGRESS_WAIT_NANOS;
        Fate fate = ask(connection, id, deadline);
        if (!connection.getAutoCommit()) {
            connection.rollback(); // the status query opened a transaction; it changed nothing
        }
        return fate;
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
