package io.dbharness.tpcc;

import io.dbharness.core.api.CommitTracking;
import io.dbharness.core.api.Fate;
import io.dbharness.core.api.OpResult;
import io.dbharness.core.api.Operation;
import io.dbharness.core.api.Resolution;
import io.dbharness.core.api.TargetException;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * One TPC-C transaction with its inputs drawn (by the subclass's constructor, once: a retry after a
 * serialization failure or deadlock runs the same transaction again) and run on its terminal's connection:
 * the body, then COMMIT or the rollback the body asks for; a COMMIT whose answer was lost is settled from the
 * target's {@link CommitTracking}.
 */
abstract class Txn implements Operation {

    final Terminal terminal;
    private final Transaction kind;
    private final long notBefore;
    /** The id of this transaction when its COMMIT got no answer, for {@link #resolve}; -1 when none. */
    private long pendingXid = -1;
    /** The mark of the connection {@link #pendingXid} ran on ({@link CommitTracking#mark}). */
    private String pendingMark;
    /** The attempt's transaction id when the body read it in one of its statements ({@link #readXid}); -1 else. */
    private long xidRead = -1;

    Txn(Terminal terminal, Transaction kind, long notBefore) {
        this.terminal = terminal;
        this.kind = kind;
        this.notBefore = notBefore;
    }

    @Override
    public String type() {
        return kind.type;
    }

    @Override
    public long rows() {
        return 0;
    }

    @Override
    public long notBeforeNanos() {
        return notBefore;
    }

    /** The statements up to (not including) the commit; returns whether to commit. */
    abstract boolean body(Statements sql) throws SQLException;

    /**
     * The body's statement marked {@code ${xid}} is on the row of {@code rs}: its {@code column} (the one after
     * the statement's own), the transaction id, is kept for settling a lost COMMIT, so no statement of its own is
     * sent for it.
     */
    void readXid(java.sql.ResultSet rs, Statements sql, int column) throws SQLException {
        if (sql.readsXid()) {
            xidRead = rs.getLong(column);
        }
    }

    /** Once the transaction committed (or was found to have). */
    void committed() {
    }

    /** Whether the transaction changes something, so a lost COMMIT leaves it in doubt (read ones are run again). */
    boolean writes() {
        return true;
    }

    @Override
    public OpResult execute() throws TargetException {
        Connection c = terminal.connection();
        terminal.attemptStarts();
        pendingXid = -1;
        xidRead = -1;
        CommitTracking tracking = terminal.tracking();
        boolean commit;
        long xid = -1;
        try {
            commit = body(terminal.statements());
            if (commit && tracking != null && writes()) {
                // known before the COMMIT, so a lost answer can be settled: read by the body, or asked now
                xid = xidRead >= 0 ? xidRead : tracking.transactionId(c);
            }
        } catch (SQLException e) {
            rollbackQuietly(c);
            throw terminal.access().failure(e, kind.title);
        }
        try {
            if (commit) {
                c.commit();
                committed();
                return OpResult.ok();
            }
            c.rollback();
            return OpResult.rolledBack();
        } catch (SQLException e) {
            TargetException te = terminal.access().failure(e, kind.title + (commit ? " commit" : " rollback"));
            // a commit whose answer never came may have been applied: never retried blindly
            if (commit && te.connectionLost()) {
                pendingXid = xid;
                pendingMark = terminal.mark();
                throw new TargetException(te.kind(), Fate.UNKNOWN, te.vendorCode(), te.getMessage(), te.getCause());
            }
            rollbackQuietly(c);
            throw te;
        }
    }

    /**
     * After a COMMIT whose answer was lost, on the new connection: the transaction's fate from the target.
     * Committed counts as done; rolled back lets the engine run it again with the same inputs.
     */
    @Override
    public Resolution resolve() throws TargetException {
        long xid = pendingXid;
        CommitTracking tracking = terminal.tracking();
        if (xid < 0 || tracking == null) {
            return Resolution.UNKNOWN;
        }
        try {
            Fate fate = tracking.fate(terminal.connection(), xid, pendingMark);
            if (fate == Fate.UNKNOWN) {
                return Resolution.UNKNOWN;
            }
            pendingXid = -1;
            if (fate == Fate.APPLIED) {
                committed();
                return Resolution.applied(OpResult.ok());
            }
            return Resolution.NOT_APPLIED;
        } catch (SQLException e) {
            TargetException te = terminal.access().failure(e, "asking whether a " + kind.title + " committed");
            throw new TargetException(te.kind(), Fate.UNKNOWN, te.vendorCode(), te.getMessage(), e);
        }
    }

    private static void rollbackQuietly(Connection c) {
        try {
            c.rollback();
        } catch (SQLException | RuntimeException ignored) {
            // the connection is broken: the terminal's reconnect() replaces it
        }
    }

    /** A transaction that changes nothing: running it again is harmless, so a lost COMMIT needs no settling. */
    abstract static class ReadOnly extends Txn {
        ReadOnly(Terminal terminal, Transaction kind, long notBefore) {
            super(terminal, kind, notBefore);
        }

        @Override
        public boolean idempotent() {
            return true;
        }

        @Override
        boolean writes() {
            return false;
        }
    }
}
