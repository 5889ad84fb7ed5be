package io.dbharness.tpcc;

import io.dbharness.core.api.CommitTracking;
import io.dbharness.core.api.Operation;
import io.dbharness.core.api.SqlAccess;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.WorkerSession;
import io.dbharness.core.query.JdbcCancel;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One TPC-C terminal: a connection, its prepared statements, and the next transaction drawn by the weights
 * (with its keying and think time when asked). The transactions themselves, their inputs and their settlement
 * are {@link Txn}'s five subclasses; every random draw is made from this terminal's {@link TpccRandom}, in one
 * order, so a seed gives the same transactions.
 */
final class Terminal implements WorkerSession {

    private final SqlAccess access;
    private final TpccOptions options;
    private final int warehouses;
    private final TpccRandom random;
    /** The terminal's home warehouse and district (Stock-Level's district), when bound. */
    private final int homeWarehouse;
    private final int homeDistrict;
    private volatile Connection connection;
    /** The commit tracking's {@link CommitTracking#mark mark} as {@link #connection} opened; null without tracking. */
    private volatile String mark;
    /** Cancels of the transaction in flight: the first asks the server, the next close the socket. */
    private final AtomicInteger cancels = new AtomicInteger();
    private final Statements statements;
    private long issued;
    /** The previous transaction, whose think time comes before the next one's keying time. */
    private Transaction previous;
    /** How the target tells whether a COMMIT whose answer was lost committed; null when it cannot. */
    private final CommitTracking tracking;
    private final Delivery.Counts deliveries;

    Terminal(SqlAccess access, TpccSql sql, TpccOptions options, int warehouses, TpccRandom random, int index,
             CommitTracking tracking, Delivery.Counts deliveries) throws TargetException {
        this.tracking = tracking;
        this.deliveries = deliveries;
        this.access = access;
        this.options = options;
        this.warehouses = warehouses;
        this.random = random;
        this.homeWarehouse = index % warehouses + 1;
        this.homeDistrict = (index / warehouses) % 10 + 1;
        this.statements = new Statements(sql, () -> connection, tracking == null ? null : tracking.transactionIdColumn());
        this.connection = open();
    }

    private Connection open() throws TargetException {
        try {
            Connection c = access.dataSource().getConnection();
            try {
                c.setAutoCommit(false);
                c.setTransactionIsolation(options.isolation());
                mark = tracking == null ? null : tracking.mark(c);
                return c;
            } catch (SQLException e) {
                c.close();
                throw e;
            }
        } catch (SQLException e) {
            throw access.failure(e, "opening a terminal's connection");
        }
    }

    @Override
    public Operation next() {
        if (options.txnsPerTerminal() > 0 && issued >= options.txnsPerTerminal()) {
            return null;
        }
        issued++;
        Transaction t = options.weights().pick(random.uniform(0, 99));
        long pauseNanos = 0;
        if (options.keyingThinkTime()) {
            pauseNanos = (previous == null ? 0 : thinkNanos(previous)) + t.keyingSeconds * 1_000_000_000L;
        }
        previous = t;
        long notBefore = pauseNanos == 0 ? 0 : System.nanoTime() + pauseNanos;
        int w = options.terminalWarehouseFixed() ? homeWarehouse : random.uniform(1, warehouses);
        // each constructor draws the rest of its inputs, in this order after the ones above
        return switch (t) {
            case NEW_ORDER -> new NewOrder(this, w, notBefore);
            case PAYMENT -> new Payment(this, w, notBefore);
            case ORDER_STATUS -> new OrderStatus(this, w, notBefore);
            case DELIVERY -> new Delivery(this, w, notBefore);
            case STOCK_LEVEL -> new StockLevel(this, w, options.terminalWarehouseFixed() ? homeDistrict
                    : random.uniform(1, 10), notBefore);
        };
    }

    /** Think time: negative exponential with the transaction's mean, cut at ten times the mean (clause 5.2.5.4). */
    private long thinkNanos(Transaction t) {
        double r = Math.max(1e-12, random.random.nextDouble());
        double seconds = Math.min(-Math.log(r) * t.meanThinkSeconds, 10.0 * t.meanThinkSeconds);
        return (long) (seconds * 1e9);
    }

    // ---- what the transactions use

    TpccRandom random() {
        return random;
    }

    int warehouses() {
        return warehouses;
    }

    /** A warehouse other than {@code w}, uniformly; {@code w} itself when it is the only one (no draw then). */
    int otherWarehouse(int w) {
        if (warehouses == 1) {
            return w;
        }
        int o = random.uniform(1, warehouses - 1);
        return o >= w ? o + 1 : o;
    }

    Connection connection() {
        return connection;
    }

    String mark() {
        return mark;
    }

        Statements statements() {
        return statements;
    }

    SqlAccess access() {
        return access;
    }

    CommitTracking tracking() {
        return tracking;
    }

    Delivery.Counts deliveries() {
        return deliveries;
    }

    /** A transaction's attempt begins: cancels of an earlier one no longer count towards closing the socket. */
    void attemptStarts() {
        cancels.set(0);
    }

    // ---- the connection's life

    @Override
    public boolean reconnect() throws TargetException {
        Connection c = connection;
        try {
            if (c.isValid(2)) {
                return false;
            }
        } catch (SQLException ignored) {
            // not valid
        }
        statements.clear();
        try {
            c.close();
        } catch (SQLException | RuntimeException ignored) {
            // it is gone either way
        }
        connection = open();
        return true;
    }

    /** A cancel request first, the socket closed on the next call ({@link JdbcCancel}), so --op-timeout holds. */
    @Override
    public void cancel() {
        Connection c = connection;
        JdbcCancel.escalate(cancels.getAndIncrement(), c, () -> access.cancel(c));
    }

    @Override
    public void close() {
        try {
            connection.rollback();
        } catch (SQLException | RuntimeException ignored) {
            // closing anyway
        }
        try {
            connection.close();
        } catch (SQLException | RuntimeException ignored) {
            // the pool discards it
        }
    }
}
