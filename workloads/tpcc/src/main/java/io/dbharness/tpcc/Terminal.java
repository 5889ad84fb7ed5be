package io.dbharness.tpcc;

import io.dbharness.core.api.CommitTracking;
import io.dbharness.core.api.Fate;
import io.dbharness.core.api.OpResult;
import io.dbharness.core.api.Operation;
import io.dbharness.core.api.Resolution;
import io.dbharness.core.api.SqlAccess;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.WorkerSession;
import io.dbharness.core.query.JdbcCancel;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * One TPC-C terminal: a connection that runs the five transactions as clause 2 writes them, drawn by the
 * weights. A transaction's inputs are drawn once, so a retry (serialization failure, deadlock) runs the same
 * transaction again. New-Order's 1% with an unused item id rolls back and counts as a rollback, not an error.
 */
final class Terminal implements WorkerSession {

    /** Delivery may find the oldest new order taken by another terminal's delivery: it looks again this often. */
    private static final int DELIVERY_ATTEMPTS = 5;

    private final SqlAccess access;
    private final TpccSql sql;
    private final TpccOptions options;
    private final int warehouses;
    private final TpccRandom random;
    /** The terminal's home warehouse and district (Stock-Level's district), when bound. */
    private final int homeWarehouse;
    private final int homeDistrict;
    private volatile Connection connection;
    /** Cancels of the transaction in flight: the first asks the server, the next close the socket. */
    private final java.util.concurrent.atomic.AtomicInteger cancels = new java.util.concurrent.atomic.AtomicInteger();
    private final Map<String, PreparedStatement> statements = new HashMap<>();
    private long issued;
    /** The previous transaction, whose think time comes before the next one's keying time. */
    private Transaction previous;
    /** How the target tells whether a COMMIT whose answer was lost committed; null when it cannot. */
    private final CommitTracking tracking;
    /** The id of the transaction whose COMMIT got no answer, for {@link Txn#resolve}; -1 when none. */
    private long pendingXid = -1;
    private final DeliveryCounts deliveries;

    /**
     * Delivery's districts, counted when its transaction commits: those that had no new order to deliver are
     * skipped, which clause 2.7.4.2 allows and asks to be reported.
     */
    static final class DeliveryCounts {
        final java.util.concurrent.atomic.LongAdder districts = new java.util.concurrent.atomic.LongAdder();
        final java.util.concurrent.atomic.LongAdder skipped = new java.util.concurrent.atomic.LongAdder();
    }

    Terminal(SqlAccess access, TpccSql sql, TpccOptions options, int warehouses, TpccRandom random, int index,
             CommitTracking tracking, DeliveryCounts deliveries) throws TargetException {
        this.tracking = tracking;
        this.deliveries = deliveries;
        this.access = access;
        this.sql = sql;
        this.options = options;
        this.warehouses = warehouses;
        this.random = random;
        this.homeWarehouse = index % warehouses + 1;
        this.homeDistrict = (index / warehouses) % 10 + 1;
        this.connection = open();
    }

    private Connection open() throws TargetException {
        try {
            Connection c = access.dataSource().getConnection();
            try {
                c.setAutoCommit(false);
                c.setTransactionIsolation(options.isolation());
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
        return switch (t) {
            case NEW_ORDER -> newOrder(w, notBefore);
            case PAYMENT -> payment(w, notBefore);
            case ORDER_STATUS -> orderStatus(w, notBefore);
            case DELIVERY -> delivery(w, notBefore);
            case STOCK_LEVEL -> stockLevel(w, options.terminalWarehouseFixed() ? homeDistrict : random.uniform(1, 10), notBefore);
        };
    }

    /** Think time: negative exponential with the transaction's mean, cut at ten times the mean (clause 5.2.5.4). */
    private long thinkNanos(Transaction t) {
        double r = Math.max(1e-12, random.random.nextDouble());
        double seconds = Math.min(-Math.log(r) * t.meanThinkSeconds, 10.0 * t.meanThinkSeconds);
        return (long) (seconds * 1e9);
    }

    /** A transaction with its inputs drawn. */
    private abstract class Txn implements Operation {
        private final Transaction kind;
        private final long notBefore;

        Txn(Transaction kind, long notBefore) {
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
        abstract boolean body() throws SQLException;

        /** Once the transaction committed (or was found to have). */
        void committed() {
        }

        /** Whether the transaction changes something, so a lost COMMIT leaves it in doubt (read ones are run again). */
        boolean writes() {
            return true;
        }

        @Override
        public OpResult execute() throws TargetException {
            Connection c = connection;
            cancels.set(0);
            pendingXid = -1;
            boolean commit;
            long xid = -1;
            try {
                commit = body();
                if (commit && tracking != null && writes()) {
                    xid = tracking.transactionId(c); // known before the COMMIT, so a lost answer can be settled
                }
            } catch (SQLException e) {
                rollbackQuietly(c);
                throw access.failure(e, kind.title);
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
                TargetException te = access.failure(e, kind.title + (commit ? " commit" : " rollback"));
                // a commit whose answer never came may have been applied: never retried blindly
                if (commit && te.connectionLost()) {
                    pendingXid = xid;
                    return failUnknown(te);
                }
                return failNotApplied(c, te);
            }
        }

        /**
         * After a COMMIT whose answer was lost, on the new connection: the transaction's fate from the target.
         * Committed counts as done; rolled back lets the engine run it again with the same inputs.
         */
        @Override
        public Resolution resolve() throws TargetException {
            long xid = pendingXid;
            if (xid < 0 || tracking == null) {
                return Resolution.UNKNOWN;
            }
            try {
                Fate fate = tracking.fate(connection, xid);
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
                TargetException te = access.failure(e, "asking whether a " + kind.title + " committed");
                throw new TargetException(te.kind(), Fate.UNKNOWN, te.vendorCode(), te.getMessage(), e);
            }
        }

        private OpResult failUnknown(TargetException te) throws TargetException {
            throw new TargetException(te.kind(), Fate.UNKNOWN, te.vendorCode(), te.getMessage(), te.getCause());
        }

        private OpResult failNotApplied(Connection c, TargetException te) throws TargetException {
            rollbackQuietly(c);
            throw te;
        }
    }

    /** A transaction that changes nothing: running it again is harmless. */
    private abstract class ReadTxn extends Txn {
        ReadTxn(Transaction kind, long notBefore) {
            super(kind, notBefore);
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

    /** An order's most lines: New-Order's item and stock lookups take this many keys, unused ones repeated. */
    static final int MAX_LINES = 15;
    private static final Map<String, String> LIST_VALUES = Map.of(
            "ids", String.join(", ", java.util.Collections.nCopies(MAX_LINES, "?")),
            "keys", String.join(", ", java.util.Collections.nCopies(MAX_LINES, "(?, ?)")));

    /** The statement with its first parameters set to {@code ints}. */
    private PreparedStatement ps(String id, int... ints) throws SQLException {
        PreparedStatement p = ps(id);
        for (int i = 0; i < ints.length; i++) {
            p.setInt(i + 1, ints[i]);
        }
        return p;
    }

    private PreparedStatement ps(String id) throws SQLException {
        PreparedStatement p = statements.get(id);
        if (p == null) {
            p = connection.prepareStatement(sql.render("tx/" + id, LIST_VALUES));
            statements.put(id, p);
        }
        return p;
    }

    private int otherWarehouse(int w) {
        if (warehouses == 1) {
            return w;
        }
        int o = random.uniform(1, warehouses - 1);
        return o >= w ? o + 1 : o;
    }

    // ---- New-Order (clause 2.4) ----

    private Operation newOrder(int w, long notBefore) {
        int d = random.uniform(1, 10);
        int c = random.customerId();
        int lines = random.uniform(5, 15);
        boolean rollback = random.uniform(1, 100) == 1;
        long[] items = new long[lines]; // supply warehouse << 32 | item id, sorted so concurrent orders lock stock in one order
        int[] quantities = new int[lines];
        boolean allLocal = true;
        for (int i = 0; i < lines; i++) {
            int item = rollback && i == lines - 1 ? 100_001 : random.itemId(); // an unused id: the 1% that roll back
            int supply = random.uniform(1, 100) == 1 ? otherWarehouse(w) : w;
            allLocal &= supply == w;
            items[i] = (long) supply << 32 | item;
            quantities[i] = random.uniform(1, 10);
        }
        Arrays.sort(items);
        boolean local = allLocal;
        return new Txn(Transaction.NEW_ORDER, notBefore) {
            @Override
            boolean body() throws SQLException {
                PreparedStatement p = ps("no_get_customer", w, d, c);
                try (ResultSet rs = p.executeQuery()) {
                    if (!rs.next()) {
                        throw new SQLException("customer " + w + "/" + d + "/" + c + " not found", "02000");
                    }
                }
                p = ps("no_get_district", w, d);
                int orderId;
                try (ResultSet rs = p.executeQuery()) {
                    if (!rs.next()) {
                        throw new SQLException("district " + w + "/" + d + " not found", "02000");
                    }
                    orderId = rs.getInt(2);
                }
                p = ps("no_update_district", w, d);
                p.executeUpdate();
                p = ps("no_insert_order");
                p.setInt(1, orderId);
                p.setInt(2, d);
                p.setInt(3, w);
                p.setInt(4, c);
                p.setTimestamp(5, new Timestamp(System.currentTimeMillis()));
                p.setInt(6, lines);
                p.setInt(7, local ? 1 : 0);
                p.executeUpdate();
                p = ps("no_insert_new_order", orderId, d, w);
                p.executeUpdate();
                // the items, then the stock rows locked, each in one round trip
                p = ps("no_get_items");
                for (int i = 0; i < MAX_LINES; i++) {
                    p.setInt(i + 1, (int) items[Math.min(i, lines - 1)]);
                }
                Map<Integer, BigDecimal> prices = new HashMap<>(32);
                try (ResultSet rs = p.executeQuery()) {
                    while (rs.next()) {
                        prices.put(rs.getInt(1), rs.getBigDecimal(2));
                    }
                }
                for (int i = 0; i < lines; i++) {
                    if (!prices.containsKey((int) items[i])) {
                        return false; // the unused item: "Item number is not valid", rolled back (clause 2.4.2.3)
                    }
                }
                p = ps("no_get_stocks");
                for (int i = 0; i < MAX_LINES; i++) {
                    long key = items[Math.min(i, lines - 1)];
                    p.setInt(2 * i + 1, (int) (key >>> 32));
                    p.setInt(2 * i + 2, (int) key);
                }
                Map<Long, Object[]> stocks = new HashMap<>(32); // quantity, then the ten S_DIST_xx
                try (ResultSet rs = p.executeQuery()) {
                    while (rs.next()) {
                        Object[] row = new Object[11];
                        row[0] = rs.getInt(3);
                        for (int k = 1; k <= 10; k++) {
                            row[k] = rs.getString(4 + k);
                        }
                        stocks.put((long) rs.getInt(1) << 32 | rs.getInt(2), row);
                    }
                }
                PreparedStatement updateStock = ps("no_update_stock");
                PreparedStatement insertLine = ps("no_insert_order_line");
                updateStock.clearBatch(); // a rolled back order leaves its lines in the batches
                insertLine.clearBatch();
                for (int i = 0; i < lines; i++) {
                    int itemId = (int) items[i];
                    int supply = (int) (items[i] >>> 32);
                    int qty = quantities[i];
                    BigDecimal price = prices.get(itemId);
                    Object[] row = stocks.get(items[i]);
                    if (row == null) {
                        throw new SQLException("stock " + supply + "/" + itemId + " not found", "02000");
                    }
                    int quantity = (int) row[0];
                    String distInfo = (String) row[d];
                    int left = quantity >= qty + 10 ? quantity - qty : quantity - qty + 91;
                    row[0] = left; // an item ordered twice in one order: its second line sees the first one's update
                    updateStock.setInt(1, left);
                    updateStock.setInt(2, qty);
                    updateStock.setInt(3, supply == w ? 0 : 1);
                    updateStock.setInt(4, supply);
                    updateStock.setInt(5, itemId);
                    updateStock.addBatch();
                    BigDecimal amount = price.multiply(BigDecimal.valueOf(qty));
                    insertLine.setInt(1, orderId);
                    insertLine.setInt(2, d);
                    insertLine.setInt(3, w);
                    insertLine.setInt(4, i + 1);
                    insertLine.setInt(5, itemId);
                    insertLine.setInt(6, supply);
                    insertLine.setInt(7, qty);
                    insertLine.setBigDecimal(8, amount);
                    insertLine.setString(9, distInfo);
                    insertLine.addBatch();
                }
                try {
                    updateStock.executeBatch();
                    insertLine.executeBatch();
                } finally {
                    updateStock.clearBatch();
                    insertLine.clearBatch();
                }
                return true;
            }
        };
    }

    // ---- Payment (clause 2.5) ----

    private Operation payment(int w, long notBefore) {
        int d = random.uniform(1, 10);
        boolean home = warehouses == 1 || random.uniform(1, 100) <= 85;
        int cw = home ? w : otherWarehouse(w);
        int cd = home ? d : random.uniform(1, 10);
        boolean byName = random.uniform(1, 100) <= 60;
        String last = byName ? random.lastNameForRun() : null;
        int cid = byName ? 0 : random.customerId();
        BigDecimal amount = BigDecimal.valueOf(random.uniform(100, 500_000), 2);
        return new Txn(Transaction.PAYMENT, notBefore) {
            @Override
            boolean body() throws SQLException {
                PreparedStatement p = ps("pay_update_warehouse");
                p.setBigDecimal(1, amount);
                p.setInt(2, w);
                p.executeUpdate();
                p = ps("pay_get_warehouse", w);
                String wName;
                try (ResultSet rs = p.executeQuery()) {
                    if (!rs.next()) {
                        throw new SQLException("warehouse " + w + " not found", "02000");
                    }
                    wName = rs.getString(1);
                }
                p = ps("pay_update_district");
                p.setBigDecimal(1, amount);
                p.setInt(2, w);
                p.setInt(3, d);
                p.executeUpdate();
                p = ps("pay_get_district", w, d);
                String dName;
                try (ResultSet rs = p.executeQuery()) {
                    if (!rs.next()) {
                        throw new SQLException("district " + w + "/" + d + " not found", "02000");
                    }
                    dName = rs.getString(1);
                }
                int c = byName ? customerByName(cw, cd, last) : cid;
                p = ps("pay_get_customer", cw, cd, c);
                String credit;
                try (ResultSet rs = p.executeQuery()) {
                    if (!rs.next()) {
                        throw new SQLException("customer " + cw + "/" + cd + "/" + c + " not found", "02000");
                    }
                    credit = rs.getString(11);
                }
                if ("BC".equals(credit)) {
                    p = ps("pay_get_customer_data", cw, cd, c);
                    String data;
                    try (ResultSet rs = p.executeQuery()) {
                        rs.next();
                        data = rs.getString(1);
                    }
                    // clause 2.5.2.2: the payment's keys and amount in front of C_DATA, kept to 500 characters
                    String entry = c + " " + cd + " " + cw + " " + d + " " + w + " " + amount.toPlainString() + " | ";
                    String newData = entry + data;
                    p = ps("pay_update_customer_bc");
                    p.setBigDecimal(1, amount);
                    p.setBigDecimal(2, amount);
                    p.setString(3, newData.length() > 500 ? newData.substring(0, 500) : newData);
                    p.setInt(4, cw);
                    p.setInt(5, cd);
                    p.setInt(6, c);
                } else {
                    p = ps("pay_update_customer");
                    p.setBigDecimal(1, amount);
                    p.setBigDecimal(2, amount);
                    p.setInt(3, cw);
                    p.setInt(4, cd);
                    p.setInt(5, c);
                }
                p.executeUpdate();
                p = ps("pay_insert_history");
                p.setInt(1, cd);
                p.setInt(2, cw);
                p.setInt(3, c);
                p.setInt(4, d);
                p.setInt(5, w);
                p.setTimestamp(6, new Timestamp(System.currentTimeMillis()));
                p.setBigDecimal(7, amount);
                String hData = wName + "    " + dName;
                p.setString(8, hData.length() > 24 ? hData.substring(0, 24) : hData);
                p.executeUpdate();
                return true;
            }
        };
    }

    /** The customer in the middle (position n/2 rounded up) of those with the last name, by first name (clause 2.5.2.2). */
    private int customerByName(int w, int d, String last) throws SQLException {
        PreparedStatement p = ps("customer_by_name");
        p.setInt(1, w);
        p.setInt(2, d);
        p.setString(3, last);
        int[] ids = new int[16];
        int n = 0;
        try (ResultSet rs = p.executeQuery()) {
            while (rs.next()) {
                if (n == ids.length) {
                    ids = Arrays.copyOf(ids, n * 2);
                }
                ids[n++] = rs.getInt(1);
            }
        }
        if (n == 0) {
            throw new SQLException("no customer named " + last + " in district " + w + "/" + d, "02000");
        }
        return ids[(n + 1) / 2 - 1];
    }

    // ---- Order-Status (clause 2.6) ----

    private Operation orderStatus(int w, long notBefore) {
        int d = random.uniform(1, 10);
        boolean byName = random.uniform(1, 100) <= 60;
        String last = byName ? random.lastNameForRun() : null;
        int cid = byName ? 0 : random.customerId();
        return new ReadTxn(Transaction.ORDER_STATUS, notBefore) {
            @Override
            boolean body() throws SQLException {
                int c = byName ? customerByName(w, d, last) : cid;
                PreparedStatement p = ps("os_get_customer", w, d, c);
                try (ResultSet rs = p.executeQuery()) {
                    if (!rs.next()) {
                        throw new SQLException("customer " + w + "/" + d + "/" + c + " not found", "02000");
                    }
                }
                p = ps("os_get_last_order", w, d, c);
                int orderId = -1;
                try (ResultSet rs = p.executeQuery()) {
                    if (rs.next()) {
                        orderId = rs.getInt(1);
                    }
                }
                if (orderId >= 0) {
                    p = ps("os_get_order_lines", w, d, orderId);
                    try (ResultSet rs = p.executeQuery()) {
                        while (rs.next()) {
                            rs.getInt(1); // read every line, as the terminal would display them
                        }
                    }
                }
                return true;
            }
        };
    }

    // ---- Delivery (clause 2.7), run in the terminal rather than queued ----

    private Operation delivery(int w, long notBefore) {
        int carrier = random.uniform(1, 10);
        return new Txn(Transaction.DELIVERY, notBefore) {
            /** Districts of the last attempt that had no new order. */
            private int skipped;

            @Override
            void committed() {
                deliveries.districts.add(10);
                deliveries.skipped.add(skipped);
            }

            @Override
            boolean body() throws SQLException {
                Timestamp now = new Timestamp(System.currentTimeMillis());
                skipped = 0;
                for (int d = 1; d <= 10; d++) {
                    int orderId = -1;
                    for (int attempt = 0; attempt < DELIVERY_ATTEMPTS && orderId < 0; attempt++) {
                        PreparedStatement p = ps("del_get_new_order", w, d);
                        int candidate;
                        try (ResultSet rs = p.executeQuery()) {
                            if (!rs.next()) {
                                break; // no new order in this district: skipped, as the specification allows
                            }
                            candidate = rs.getInt(1);
                        }
                        p = ps("del_delete_new_order", w, d, candidate);
                        if (p.executeUpdate() == 1) {
                            orderId = candidate; // otherwise another delivery took it first: look again
                        }
                    }
                    if (orderId < 0) {
                        skipped++;
                        continue;
                    }
                    PreparedStatement p = ps("del_get_order", w, d, orderId);
                    int c;
                    try (ResultSet rs = p.executeQuery()) {
                        if (!rs.next()) {
                            throw new SQLException("order " + w + "/" + d + "/" + orderId + " not found", "02000");
                        }
                        c = rs.getInt(1);
                    }
                    p = ps("del_update_order", carrier, w, d, orderId);
                    p.executeUpdate();
                    p = ps("del_update_order_lines");
                    p.setTimestamp(1, now);
                    p.setInt(2, w);
                    p.setInt(3, d);
                    p.setInt(4, orderId);
                    p.executeUpdate();
                    p = ps("del_sum_amount", w, d, orderId);
                    BigDecimal sum;
                    try (ResultSet rs = p.executeQuery()) {
                        rs.next();
                        sum = rs.getBigDecimal(1);
                    }
                    p = ps("del_update_customer");
                    p.setBigDecimal(1, sum == null ? BigDecimal.ZERO : sum);
                    p.setInt(2, w);
                    p.setInt(3, d);
                    p.setInt(4, c);
                    p.executeUpdate();
                }
                return true;
            }
        };
    }

    // ---- Stock-Level (clause 2.8) ----

    private Operation stockLevel(int w, int d, long notBefore) {
        int threshold = random.uniform(10, 20);
        return new ReadTxn(Transaction.STOCK_LEVEL, notBefore) {
            @Override
            boolean body() throws SQLException {
                PreparedStatement p = ps("sl_get_district", w, d);
                int next;
                try (ResultSet rs = p.executeQuery()) {
                    if (!rs.next()) {
                        throw new SQLException("district " + w + "/" + d + " not found", "02000");
                    }
                    next = rs.getInt(1);
                }
                p = ps("sl_count_low_stock", w, d, next - 20, next, threshold);
                try (ResultSet rs = p.executeQuery()) {
                    rs.next();
                    rs.getLong(1);
                }
                return true;
            }
        };
    }

    private static void rollbackQuietly(Connection c) {
        try {
            c.rollback();
        } catch (SQLException | RuntimeException ignored) {
            // the connection is broken: reconnect() replaces it
        }
    }

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
