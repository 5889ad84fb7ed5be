package io.dbharness.tpcc;

import io.dbharness.core.api.ParallelPrepare;
import io.dbharness.core.api.PrepareContext;
import io.dbharness.core.api.SqlAccess;
import io.dbharness.core.api.TargetException;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Loads the initial database of clause 4.3.3.1 with COPY: 100,000 items, and per warehouse 10 districts, 30,000
 * customers with one history row each, 100,000 stock rows, 30,000 orders (the last 900 per district new
 * orders) with 5 to 15 lines each. The work is split into tasks per warehouse and table, taken by
 * {@code --load-workers} connections; each task draws from its own seed, so a load is the same whatever the
 * number of workers.
 */
final class Loader {

    /** The tables in the order they are reported. */
    enum Table {
        ITEM("item", "i_id, i_name, i_price, i_data, i_im_id"),
        WAREHOUSE("warehouse", "w_id, w_ytd, w_tax, w_name, w_street_1, w_street_2, w_city, w_state, w_zip"),
        DISTRICT("district", "d_w_id, d_id, d_ytd, d_tax, d_next_o_id, d_name, d_street_1, d_street_2, d_city, d_state, d_zip"),
        STOCK("stock", "s_w_id, s_i_id, s_quantity, s_ytd, s_order_cnt, s_remote_cnt, s_data, s_dist_01, s_dist_02, "
                + "s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10"),
        CUSTOMER("customer", "c_w_id, c_d_id, c_id, c_discount, c_credit, c_last, c_first, c_credit_lim, c_balance, "
                + "c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_street_1, c_street_2, c_city, c_state, c_zip, "
                + "c_phone, c_since, c_middle, c_data"),
        HISTORY("history", "h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data"),
        OORDER("oorder", "o_w_id, o_d_id, o_id, o_c_id, o_carrier_id, o_ol_cnt, o_all_local, o_entry_d"),
        NEW_ORDER("new_order", "no_w_id, no_d_id, no_o_id"),
        ORDER_LINE("order_line", "ol_w_id, ol_d_id, ol_o_id, ol_number, ol_i_id, ol_delivery_d, ol_amount, "
                + "ol_supply_w_id, ol_quantity, ol_dist_info");

        final String sqlName;
        final String columns;

        Table(String sqlName, String columns) {
            this.sqlName = sqlName;
            this.columns = columns;
        }

        /** The column holding the warehouse id: the first one, except in item, which has none. */
        String warehouseColumn() {
            return this == ITEM ? null : columns.substring(0, columns.indexOf(','));
        }

        /** Rows per warehouse (the item table's once), order lines by their expected 10 per order. */
        long plannedRows(int warehouses) {
            return switch (this) {
                case ITEM -> 100_000;
                case WAREHOUSE -> warehouses;
                case DISTRICT -> 10L * warehouses;
                case STOCK -> 100_000L * warehouses;
                case CUSTOMER, HISTORY, OORDER -> 30_000L * warehouses;
                case NEW_ORDER -> 9_000L * warehouses;
                case ORDER_LINE -> 300_000L * warehouses;
            };
        }
    }

    /** One unit of loading: a table set of one warehouse (or the items). */
    private record Task(String name, int warehouse, List<Table> tables) {
    }

    private final SqlAccess access;
    private final TpccSql sql;
    private final int warehouses;
    private final int workers;
    private final long seed;
    private final TpccRandom.Constants constants;
    private final AtomicLongArray rows = new AtomicLongArray(Table.values().length);
    private final byte[] now = LocalDateTime.now().truncatedTo(ChronoUnit.MILLIS)
            .format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS")).getBytes(StandardCharsets.US_ASCII);

    Loader(SqlAccess access, TpccSql sql, int warehouses, int workers, long seed, TpccRandom.Constants constants) {
        this.access = access;
        this.sql = sql;
        this.warehouses = warehouses;
        this.workers = workers;
        this.seed = seed;
        this.constants = constants;
    }

    /** Rows loaded per table so far. */
    Map<String, Long> rows() {
        Map<String, Long> out = new java.util.LinkedHashMap<>();
        for (Table t : Table.values()) {
            out.put(t.sqlName, rows.get(t.ordinal()));
        }
        return out;
    }

    long totalRows() {
        long n = 0;
        for (int i = 0; i < rows.length(); i++) {
            n += rows.get(i);
        }
        return n;
    }

    /** Loads every table; reports progress every few seconds; the first failure (or a stop) ends it with an exception. */
    void load(PrepareContext context) throws TargetException {
        ConcurrentLinkedQueue<Task> tasks = new ConcurrentLinkedQueue<>();
        // the biggest first, so the last tasks to finish are small ones
        for (int w = 1; w <= warehouses; w++) {
            tasks.add(new Task("order lines of warehouse " + w, w, List.of(Table.OORDER, Table.NEW_ORDER, Table.ORDER_LINE)));
        }
        for (int w = 1; w <= warehouses; w++) {
            tasks.add(new Task("stock of warehouse " + w, w, List.of(Table.STOCK)));
            tasks.add(new Task("customers of warehouse " + w, w, List.of(Table.CUSTOMER, Table.HISTORY)));
        }
        tasks.add(new Task("items", 0, List.of(Table.ITEM)));
        tasks.add(new Task("warehouses and districts", 0, List.of(Table.WAREHOUSE, Table.DISTRICT)));
        long planned = 0;
        for (Table t : Table.values()) {
            planned += t.plannedRows(warehouses);
        }
        List<Connection> connections = new java.util.concurrent.CopyOnWriteArrayList<>();
        int n = Math.min(workers, tasks.size());
        long begun = System.nanoTime();
        long total = planned;
        Throwable f = ParallelPrepare.run("dbharness-tpcc-load", n, (thread, stopping) -> {
            Connection[] c = {null};
            try {
                Task task;
                while (!stopping.getAsBoolean() && (task = tasks.poll()) != null) {
                    runRetrying(task, c, connections, context);
                }
            } finally {
                closeQuietly(c[0]);
            }
        }, context, () -> status(total, System.nanoTime() - begun, n), () -> {
            for (Connection c : connections) {
                try {
                    access.cancel(c); // a COPY in flight ends now, not after its 4 MB
                } catch (SQLException | RuntimeException ignored) {
                    // the connection goes with the pool
                }
            }
        });
        if (context.stopRequested()) {
            f = null; // what the stop made the workers throw is not a failure of the target
        }
        if (f instanceof SQLException e) {
            TargetException te = access.failure(e, "loading the TPC-C tables");
            throw new TargetException(te.kind(), te.vendorCode(), te.getMessage()
                    + "; the tables are incomplete: --clean loads them anew", e);
        }
        if (f instanceof TargetException te) {
            throw new TargetException(te.kind(), te.vendorCode(), te.getMessage()
                    + "; the tables are incomplete: --clean loads them anew", te);
        }
        if (f instanceof RuntimeException re) {
            throw re;
        }
        if (f != null || context.stopRequested()) {
            throw new TargetException(TargetException.Kind.FATAL, null, String.format(Locale.ROOT,
                    "loading the TPC-C tables stopped after %,d rows%s; the tables are incomplete: --clean loads them anew",
                    totalRows(), f == null || f instanceof InterruptedException ? "" : ": " + f), f);
        }
    }

    private String status(long planned, long elapsedNanos, int threads) {
        long done = totalRows();
        double perSecond = done / Math.max(1e-9, elapsedNanos / 1e9);
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
                "loading TPC-C (%d warehouses, %d workers): %,d of about %,d rows (%.0f%%), %,.0f rows/s",
                warehouses, threads, done, planned, Math.min(100, 100.0 * done / planned), perSecond));
        if (perSecond > 0) {
            b.append(String.format(Locale.ROOT, ", ETA %.0f s", Math.max(0, planned - done) / perSecond));
        }
        b.append(" (");
        String sep = "";
        for (Table t : Table.values()) {
            long r = rows.get(t.ordinal());
            if (r > 0) {
                b.append(sep).append(t.sqlName).append(String.format(Locale.ROOT, " %,d", r));
                sep = ", ";
            }
        }
        return b.append(')').toString();
    }

    /**
     * Runs {@code task} on the worker's connection {@code c[0]}, opened when null. A lost connection (a backend
     * terminated, a server restarting) is re-opened by the context's retries (for up to --reconnect-timeout),
     * what the failed attempt committed is deleted, and the task runs again; other failures end the load.
     */
    private void runRetrying(Task task, Connection[] c, List<Connection> connections, PrepareContext context)
            throws TargetException {
        boolean[] tried = {false};
        context.retrying("loading the " + task.name(), () -> {
            long[] counted = new long[Table.values().length];
            try {
                if (c[0] == null) {
                    c[0] = access.dataSource().getConnection();
                    c[0].setAutoCommit(true);
                    connections.add(c[0]);
                }
                if (tried[0]) {
                    clear(task, c[0]);
                }
                tried[0] = true;
                run(task, c[0], context, counted);
            } catch (SQLException e) {
                for (Table t : task.tables()) {
                    rows.addAndGet(t.ordinal(), -counted[t.ordinal()]); // the rows count again when the task does
                }
                TargetException te = access.failure(e, "loading the " + task.name());
                if (te.kind() == TargetException.Kind.UNREACHABLE) {
                    connections.remove(c[0]);
                    closeQuietly(c[0]);
                    c[0] = null;
                }
                throw te;
            }
        });
    }

    /** Deletes what an earlier attempt of {@code task} committed. */
    private void clear(Task task, Connection c) throws SQLException {
        for (Table t : task.tables()) {
            boolean all = task.warehouse() == 0;
            try (java.sql.PreparedStatement ps = c.prepareStatement(all ? sql.render("delete_all", Map.of("table", t.sqlName))
                    : sql.render("delete_warehouse", Map.of("table", t.sqlName, "column", t.warehouseColumn())))) {
                if (!all) {
                    ps.setInt(1, task.warehouse());
                }
                ps.executeUpdate();
            }
        }
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException | RuntimeException ignored) {
                // it is gone either way
            }
        }
    }

    private void run(Task task, Connection c, PrepareContext context, long[] counted) throws SQLException {
        List<CopyRows> copies = new ArrayList<>();
        for (Table t : task.tables()) {
            CopyRows[] self = new CopyRows[1];
            self[0] = new CopyRows(access, c, sql.render("copy", Map.of("table", t.sqlName, "columns", t.columns)), () -> {
                rows.addAndGet(t.ordinal(), self[0].sent() - counted[t.ordinal()]);
                counted[t.ordinal()] = self[0].sent();
            });
            copies.add(self[0]);
        }
        TpccRandom r = new TpccRandom(taskSeed(task), constants);
        switch (task.tables().get(0)) {
            case ITEM -> items(r, copies.get(0), context);
            case WAREHOUSE -> warehouses(r, copies.get(0), copies.get(1));
            case STOCK -> stock(task.warehouse(), r, copies.get(0), context);
            case CUSTOMER -> customers(task.warehouse(), r, copies.get(0), copies.get(1), context);
            case OORDER -> orders(task.warehouse(), r, copies.get(0), copies.get(1), copies.get(2), context);
            default -> throw new IllegalStateException(task.name());
        }
        for (CopyRows copy : copies) {
            copy.flush();
        }
    }

    private long taskSeed(Task task) {
        long h = seed * 0x9E3779B97F4A7C15L + task.warehouse() * 0xBF58476D1CE4E5B9L + task.tables().get(0).ordinal();
        return h ^ (h >>> 31);
    }

    private static void stopIfAsked(PrepareContext context) throws SQLException {
        if (context.stopRequested()) {
            throw new SQLException("stopped");
        }
    }

    private void items(TpccRandom r, CopyRows item, PrepareContext context) throws SQLException {
        for (int i = 1; i <= 100_000; i++) {
            item.integer(i).alnum(r, 14, 24).decimal(r.uniform(100, 10_000), 2).data(r, 26, 50).integer(r.uniform(1, 10_000)).end();
            if (i % 10_000 == 0) {
                stopIfAsked(context);
            }
        }
    }

    private void warehouses(TpccRandom r, CopyRows warehouse, CopyRows district) throws SQLException {
        for (int w = 1; w <= warehouses; w++) {
            warehouse.integer(w).decimal(30_000_000, 2).decimal(r.uniform(0, 2000), 4).alnum(r, 6, 10)
                    .alnum(r, 10, 20).alnum(r, 10, 20).alnum(r, 10, 20).alnum(r, 2, 2).zip(r).end();
            for (int d = 1; d <= 10; d++) {
                district.integer(w).integer(d).decimal(3_000_000, 2).decimal(r.uniform(0, 2000), 4).integer(3001)
                        .alnum(r, 6, 10).alnum(r, 10, 20).alnum(r, 10, 20).alnum(r, 10, 20).alnum(r, 2, 2).zip(r).end();
            }
        }
    }

    private void stock(int w, TpccRandom r, CopyRows stock, PrepareContext context) throws SQLException {
        for (int i = 1; i <= 100_000; i++) {
            stock.integer(w).integer(i).integer(r.uniform(10, 100)).integer(0).integer(0).integer(0).data(r, 26, 50);
            for (int d = 0; d < 10; d++) {
                stock.alnum(r, 24, 24);
            }
            stock.end();
            if (i % 10_000 == 0) {
                stopIfAsked(context);
            }
        }
    }

    private static final byte[] GC = {'G', 'C'};
    private static final byte[] BC = {'B', 'C'};
    private static final byte[] OE = {'O', 'E'};

    private void customers(int w, TpccRandom r, CopyRows customer, CopyRows history, PrepareContext context)
            throws SQLException {
        for (int d = 1; d <= 10; d++) {
            for (int c = 1; c <= 3000; c++) {
                // the first 1,000 customers take the 1,000 names in turn, the others a NURand one (clause 4.3.3.1)
                byte[] last = TpccRandom.LAST_NAMES[c <= 1000 ? c - 1 : r.nurand(255, 0, 999)];
                customer.integer(w).integer(d).integer(c).decimal(r.uniform(0, 5000), 4).text(r.uniform(1, 10) == 1 ? BC : GC)
                        .text(last).alnum(r, 8, 16).decimal(5_000_000, 2)
                        .decimal(-1000, 2).decimal(1000, 2).integer(1).integer(0).alnum(r, 10, 20).alnum(r, 10, 20)
                        .alnum(r, 10, 20).alnum(r, 2, 2).zip(r).digits(r, 16).text(now).text(OE).alnum(r, 300, 500).end();
                history.integer(c).integer(d).integer(w).integer(d).integer(w).text(now).decimal(1000, 2).alnum(r, 12, 24).end();
            }
            stopIfAsked(context);
        }
    }

    private void orders(int w, TpccRandom r, CopyRows order, CopyRows newOrder, CopyRows line, PrepareContext context)
            throws SQLException {
        int[] customers = new int[3000];
        for (int d = 1; d <= 10; d++) {
            for (int i = 0; i < 3000; i++) {
                customers[i] = i + 1;
            }
            for (int i = 2999; i > 0; i--) { // O_C_ID: a random permutation of the customers (clause 4.3.3.1)
                int j = r.uniform(0, i);
                int t = customers[i];
                customers[i] = customers[j];
                customers[j] = t;
            }
            for (int o = 1; o <= 3000; o++) {
                boolean delivered = o < 2101;
                int lines = r.uniform(5, 15);
                order.integer(w).integer(d).integer(o).integer(customers[o - 1]);
                if (delivered) {
                    order.integer(r.uniform(1, 10));
                } else {
                    order.nul();
                }
                order.integer(lines).integer(1).text(now).end();
                if (!delivered) {
                    newOrder.integer(w).integer(d).integer(o).end();
                }
                for (int l = 1; l <= lines; l++) {
                    line.integer(w).integer(d).integer(o).integer(l).integer(r.uniform(1, 100_000));
                    if (delivered) {
                        line.text(now).decimal(0, 2);
                    } else {
                        line.nul().decimal(r.uniform(1, 999_999), 2);
                    }
                    line.integer(w).integer(5).alnum(r, 24, 24).end();
                }
            }
            stopIfAsked(context);
        }
    }
}
