package io.dbharness.postgres;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.Fate;
import io.dbharness.core.api.OpResult;
import io.dbharness.core.api.Resolution;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.WriteResult;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.Executor;
import javax.sql.DataSource;

/**
 * What the PostgreSQL-family writers share: one pooled connection per worker, and knowing what a failed
 * write left in the table.
 *
 * <p>A write that fails with an error from the server was rolled back: nothing of it is stored. A write whose
 * connection dies (terminated backend, restart, timeout) is in doubt only when the commit may have happened:
 * after the end of a COPY in autocommit, or at COMMIT. Where the flavor {@link #tracksCommits tracks commits},
 * each batch runs in an explicit transaction whose id is read first ({@code txid_current()}), so after
 * reconnecting {@code txid_status()} says whether that transaction committed: the batch is then counted once,
 * or sent again, never left in doubt. That costs one round trip per batch (see {@link #writeTracked}).
 *
 * <p>Subclasses send the rows in {@link #send}; this class owns the connection, the transaction, reconnects
 * and cancels.
 */
abstract class PgWriter implements BatchWriter {

    /** A cancel request goes out first; a write still running on the next cancel has its socket closed. */
    private static final Executor ABORT = Runnable::run;

    protected final PgFlavor flavor;
    private final DataSource pool;
    private final boolean tracksCommits;
    private final TxidTracking tracking;
    private final String context;
    protected Connection connection;
    private volatile Connection inFlight;
    private final java.util.concurrent.atomic.AtomicInteger cancels = new java.util.concurrent.atomic.AtomicInteger();
    /** What the last write would have stored, and its transaction id when tracked; for {@link #resolveLastWrite}. */
    private long lastRows;
    private long lastPoints;
    private long lastBytes;
    private long pendingXid = -1;
    /** Tracked: the server's checkpoint as the connection opened ({@link TxidTracking#mark}), and the pending write's. */
    private String connectionMark;
    private String pendingMark;
    /** Tracked: the transaction the previous write opened for the next one, with its id; -1 when none. */
    private long openXid = -1;
    private java.sql.Statement trackStatement;
    /** Tracked: {@code BEGIN} and {@code COMMIT; BEGIN}, each with the product's transaction id query. */
    private final String beginSql;
    private final String commitBeginSql;

    PgWriter(DataSource pool, PgFlavor flavor, boolean tracksCommits, String context) {
        this.pool = pool;
        this.flavor = flavor;
        this.tracksCommits = tracksCommits;
        this.tracking = new TxidTracking(flavor);
        this.context = context;
        String xid = flavor.dialect().get("current_xid");
        this.beginSql = "BEGIN; " + xid;
        this.commitBeginSql = "COMMIT; BEGIN; " + xid;
    }

    /** Takes the worker's connection from the pool and opens the subclass's things on it; the last line of a constructor. */
    protected final void start() throws SQLException {
        Connection c = pool.getConnection();
        try {
            open(c);
        } catch (SQLException | RuntimeException e) {
            RowBinder.closeQuietly(c);
            throw e;
        }
        connection = c;
        connectionMark = tracksCommits ? tracking.mark(c) : null;
    }

    /** Prepares what the writer needs on a (new) connection: copy channel, statements. */
    protected abstract void open(Connection c) throws SQLException;

    /** Releases what {@link #open} made. */
    protected abstract void release();

    /**
     * Sends the batch on {@link #connection}. In autocommit mode a COPY commits at its end: a failure there
     * comes as {@link CopyChannel.EndFailure}.
     */
    protected abstract WriteResult send(RowBatch batch) throws SQLException;

    /**
     * In autocommit mode (one statement per batch), whether the connection lost during it may have left the
     * statement committed: for a single INSERT it may, its reply lost; a COPY commits only at its end, so only
     * a failure there ({@link CopyChannel.EndFailure}) is in doubt.
     */
    protected boolean mayHaveCommitted(SQLException lost) {
        return true;
    }

    /** Whether the writer needs a transaction of its own even untracked (several statements per batch). */
    protected abstract boolean needsTransaction(RowBatch batch);

    /**
     * Where rows with the same key merge (upsert modes), sending a batch again leaves the table as sending it
     * once, and the count of rows sent is what verification expects: a batch in doubt may simply be resent.
     */
    @Override
    public final boolean idempotent() {
        return flavor.mergesRowsWithSameKey();
    }

    @Override
    public final WriteResult write(RowBatch batch) throws TargetException {
        if (tracksCommits) {
            return writeTracked(batch);
        }
        boolean explicit = needsTransaction(batch);
        boolean committing = false;
        pendingXid = -1;
        begin(batch);
        try {
            if (explicit) {
                if (connection.getAutoCommit()) {
                    connection.setAutoCommit(false);
                }
            } else if (!connection.getAutoCommit()) {
                connection.setAutoCommit(true);
            }
            WriteResult r = send(batch);
            lastBytes = r.bytes();
            if (explicit) {
                committing = true;
                connection.commit();
            }
            return r;
        } catch (SQLException e) {
            boolean lost = SqlErrors.connectionLost(e);
            boolean maybeCommitted = lost && (committing || !explicit && mayHaveCommitted(e));
            if (!lost && explicit) {
                rollbackQuietly(e);
            }
            throw SqlErrors.classify(e, context, maybeCommitted ? Fate.UNKNOWN : Fate.NOT_APPLIED);
        } finally {
            inFlight = null;
        }
    }

    private void begin(RowBatch batch) {
        lastRows = batch.size();
        lastPoints = batch.points();
        lastBytes = 0;
        cancels.set(0);
        inFlight = connection;
    }

    /**
     * The batch in a transaction whose id is known before its COMMIT is sent. The connection stays in the
     * driver's autocommit mode and the transactions are opened by hand, so that one round trip commits a batch
     * and opens the next one's transaction ({@code COMMIT; BEGIN; SELECT txid_current()}): two round trips a
     * batch (that one and the rows') instead of three.
     */
    private WriteResult writeTracked(RowBatch batch) throws TargetException {
        boolean committing = false;
        pendingXid = -1;
        begin(batch);
        try {
            if (!connection.getAutoCommit()) {
                connection.setAutoCommit(true);
            }
            if (openXid < 0) {
                openXid = queryXid(beginSql);
            }
            pendingXid = openXid;
            pendingMark = connectionMark;
            openXid = -1;
            WriteResult r = send(batch);
            lastBytes = r.bytes();
            committing = true;
            openXid = queryXid(commitBeginSql);
            pendingXid = -1;
            return r;
        } catch (SQLException e) {
            openXid = -1;
            boolean lost = SqlErrors.connectionLost(e);
            if (!lost) {
                endTransactionQuietly(e); // a failed statement left the transaction aborted, or a failed COMMIT none
            }
            boolean maybeCommitted = lost && committing;
            if (!maybeCommitted) {
                pendingXid = -1;
            }
            throw SqlErrors.classify(e, context, maybeCommitted ? Fate.UNKNOWN : Fate.NOT_APPLIED);
        } finally {
            inFlight = null;
        }
    }

    /** Runs {@code sql}, ending in the transaction id query, in one round trip; returns the id. */
    private long queryXid(String sql) throws SQLException {
        if (trackStatement == null) {
            trackStatement = connection.createStatement();
        }
        boolean isResult = trackStatement.execute(sql);
        while (true) {
            if (isResult) {
                try (ResultSet rs = trackStatement.getResultSet()) {
                    if (!rs.next()) {
                        throw new SQLException("the transaction id query returned no row");
                    }
                    return rs.getLong(1);
                }
            }
            if (trackStatement.getUpdateCount() == -1) {
                throw new SQLException("the transaction id query returned no result");
            }
            isResult = trackStatement.getMoreResults();
        }
    }

    /** Ends a transaction opened by hand (none open is harmless); the connection then holds none. */
    private void endTransactionQuietly(SQLException e) {
        try (java.sql.Statement st = connection.createStatement()) {
            st.execute("ROLLBACK");
        } catch (SQLException suppressed) {
            if (e != null) {
                e.addSuppressed(suppressed);
            }
        }
    }

    private void releaseAll() {
        if (openXid >= 0) { // the next batch's transaction, opened ahead: the pool must get the connection clean
            openXid = -1;
            endTransactionQuietly(null);
        }
        RowBinder.closeQuietly(trackStatement);
        trackStatement = null;
        release();
    }

    private void rollbackQuietly(SQLException e) {
        try {
            connection.rollback();
        } catch (SQLException suppressed) {
            e.addSuppressed(suppressed);
        }
    }

    /** Keeps a working connection; replaces a broken one with a new one from the pool. */
    @Override
    public final boolean reconnect() throws TargetException {
        try {
            if (!connection.isClosed() && connection.isValid(2)) {
                if (!connection.getAutoCommit()) {
                    connection.rollback(); // whatever a cancelled statement left open
                } else if (tracksCommits) {
                    openXid = -1;
                    endTransactionQuietly(null); // the same, for a transaction opened by hand
                }
                return false;
            }
        } catch (SQLException broken) {
            // replace it below
        }
        releaseAll();
        evict(connection);
        try {
            Connection c = pool.getConnection();
            try {
                open(c);
            } catch (SQLException | RuntimeException e) {
                RowBinder.closeQuietly(c);
                throw e;
            }
            connection = c;
            connectionMark = tracksCommits ? tracking.mark(c) : null;
            return true;
        } catch (SQLException e) {
            throw SqlErrors.classify(e, "re-opening a connection for " + context, Fate.NOT_APPLIED);
        }
    }

    /**
     * Takes a broken connection out of the pool for good. The COPY API works on the driver's connection under
     * the pool's proxy, so the pool never saw the error and would otherwise hand the dead connection out again.
     */
    private void evict(Connection c) {
        if (pool instanceof com.zaxxer.hikari.HikariDataSource hikari) {
            try {
                hikari.evictConnection(c);
                return;
            } catch (RuntimeException ignored) {
                // fall back to a plain close
            }
        }
        RowBinder.closeQuietly(c);
    }

    /**
     * Asks the server whether the last write's transaction committed: {@code committed} counts it as written,
     * {@code aborted} lets it be sent again. A transaction still in progress (its backend has not noticed the
     * lost connection yet) is asked about again for a few seconds.
     */
    @Override
    public final Resolution resolveLastWrite() throws TargetException {
        if (pendingXid < 0) {
            return Resolution.UNKNOWN;
        }
        try {
            Fate fate = tracking.fate(connection, pendingXid, pendingMark);
            if (fate != Fate.UNKNOWN) {
                pendingXid = -1;
            }
            return fate == Fate.APPLIED ? Resolution.applied(OpResult.written(lastRows, 0, lastPoints, lastBytes))
                    : fate == Fate.NOT_APPLIED ? Resolution.NOT_APPLIED : Resolution.UNKNOWN;
        } catch (SQLException e) {
            throw SqlErrors.classify(e, "asking whether the last write to " + context + " committed", Fate.UNKNOWN);
        }
    }

    /** First a cancel request (the statement fails, the connection stays usable); then the socket is closed. */
    @Override
    public final void cancel() {
        Connection c = inFlight;
        if (c == null) {
            return;
        }
        try {
            if (cancels.getAndIncrement() == 0) {
                flavor.cancelQuery(c);
            } else {
                c.abort(ABORT);
            }
        } catch (SQLException | RuntimeException e) {
            try {
                c.abort(ABORT);
            } catch (SQLException | RuntimeException ignored) {
                // nothing more to do from here; the engine abandons a worker that never returns
            }
        }
    }

    @Override
    public final void close() {
        releaseAll();
        RowBinder.closeQuietly(connection);
    }
}
