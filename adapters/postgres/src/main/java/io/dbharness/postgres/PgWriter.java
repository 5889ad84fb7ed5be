package io.dbharness.postgres;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.Fate;
import io.dbharness.core.api.OpResult;
import io.dbharness.core.api.Resolution;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.WriteResult;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.Executor;

/**
 * What the PostgreSQL-family writers share: one pooled connection per worker, and knowing what a failed
 * write left in the table.
 *
 * <p>A write that fails with an error from the server was rolled back: nothing of it is stored. A write whose
 * connection dies (terminated backend, restart, timeout) is in doubt only when the commit may have happened:
 * after the end of a COPY in autocommit, or at COMMIT. Where the flavor {@link #tracksCommits tracks commits},
 * each batch runs in an explicit transaction whose id is read first ({@code txid_current()}), so after
 * reconnecting {@code txid_status()} says whether that transaction committed: the batch is then counted once,
 * or sent again, never left in doubt. That costs two short round trips per batch.
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
    private final String context;
    protected Connection connection;
    private volatile Connection inFlight;
    private final java.util.concurrent.atomic.AtomicInteger cancels = new java.util.concurrent.atomic.AtomicInteger();
    /** What the last write would have stored, and its transaction id when tracked; for {@link #resolveLastWrite}. */
    private long lastRows;
    private long lastPoints;
    private long lastBytes;
    private long pendingXid = -1;
    private PreparedStatement xidStatement;

    PgWriter(DataSource pool, PgFlavor flavor, boolean tracksCommits, String context) {
        this.pool = pool;
        this.flavor = flavor;
        this.tracksCommits = tracksCommits;
        this.context = context;
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
        boolean explicit = tracksCommits || needsTransaction(batch);
        boolean committing = false;
        pendingXid = -1;
        lastRows = batch.size();
        lastPoints = batch.points();
        lastBytes = 0;
        cancels.set(0);
        inFlight = connection;
        try {
            if (explicit) {
                if (connection.getAutoCommit()) {
                    connection.setAutoCommit(false);
                }
                if (tracksCommits) {
                    pendingXid = currentXid();
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
            pendingXid = -1;
            return r;
        } catch (SQLException e) {
            boolean lost = SqlErrors.connectionLost(e);
            boolean maybeCommitted = lost && (committing || !explicit && mayHaveCommitted(e));
            if (!lost && explicit) {
                rollbackQuietly(e);
            }
            if (!maybeCommitted || !tracksCommits) {
                pendingXid = -1;
            }
            throw SqlErrors.classify(e, context, maybeCommitted ? Fate.UNKNOWN : Fate.NOT_APPLIED);
        } finally {
            inFlight = null;
        }
    }

    private long currentXid() throws SQLException {
        if (xidStatement == null) {
            xidStatement = connection.prepareStatement(flavor.dialect().get("current_xid"));
        }
        try (ResultSet rs = xidStatement.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private void releaseAll() {
        RowBinder.closeQuietly(xidStatement);
        xidStatement = null;
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
        long deadline = System.nanoTime() + 5_000_000_000L;
        try (PreparedStatement ps = connection.prepareStatement(flavor.dialect().get("xid_status"))) {
            while (true) {
                ps.setLong(1, pendingXid);
                String status;
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    status = rs.getString(1);
                }
                if ("committed".equals(status)) {
                    pendingXid = -1;
                    return Resolution.applied(OpResult.written(lastRows, 0, lastPoints, lastBytes));
                }
                if ("aborted".equals(status)) {
                    pendingXid = -1;
                    return Resolution.NOT_APPLIED;
                }
                if (status == null || System.nanoTime() > deadline) {
                    return Resolution.UNKNOWN; // too old to tell, or still running
                }
                Thread.sleep(100);
            }
        } catch (SQLException e) {
            throw SqlErrors.classify(e, "asking whether the last write to " + context + " committed", Fate.UNKNOWN);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Resolution.UNKNOWN;
        } finally {
            try {
                if (!connection.getAutoCommit()) {
                    connection.commit(); // the status query opened a transaction
                }
            } catch (SQLException ignored) {
                // the next write finds out
            }
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
