package io.dbharness.tpcc;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Arrays;

import static io.dbharness.tpcc.Statements.MAX_LINES;

/**
 * New-Order (clause 2.4): a district's next order id taken under lock, the order and its new-order row, 5 to 15
 * lines (1% of them from another warehouse). The district is read and advanced in one statement, the items with
 * their stock rows in one more, the stock rows locked in key order so concurrent orders queue instead of
 * deadlocking; the stock updates and the lines go as one statement each. 1% carry an unused item id and roll back, counted as a rollback, not an error.
 */
final class NewOrder extends Txn {

    private final int w;
    private final int d;
    private final int c;
    private final int lines;
    /** Supply warehouse << 32 | item id, sorted so concurrent orders lock their stock rows in one order. */
    private final long[] items;
    /** Line i's quantity, for the i-th of the sorted {@link #items}: drawn apart from them, so as random. */
    private final int[] quantities;
    private final boolean allLocal;

    NewOrder(Terminal terminal, int w, long notBefore) {
        super(terminal, Transaction.NEW_ORDER, notBefore);
        TpccRandom random = terminal.random();
        this.w = w;
        d = random.uniform(1, 10);
        c = random.customerId();
        lines = random.uniform(5, 15);
        boolean rollback = random.uniform(1, 100) == 1;
        items = new long[lines];
        quantities = new int[lines];
        boolean local = true;
        for (int i = 0; i < lines; i++) {
            int item = rollback && i == lines - 1 ? 100_001 : random.itemId(); // an unused id: the 1% that roll back
            int supply = random.uniform(1, 100) == 1 ? terminal.otherWarehouse(w) : w;
            local &= supply == w;
            items[i] = (long) supply << 32 | item;
            quantities[i] = random.uniform(1, 10);
        }
        Arrays.sort(items);
        allLocal = local;
    }

    /**
     * A line without its item and stock row: the unused item id rolls the order back ("Item number is not valid",
     * clause 2.4.2.3: returns false); a used one is a broken database (SQLSTATE 02000 naming the stock row).
     */
    private static boolean missing(long key) throws SQLException {
        int itemId = (int) key;
        if (itemId > 100_000) { // the item table holds ids 1 to 100,000 (clause 4.3.3.1)
            return false;
        }
        throw Statements.notFound("stock", (int) (key >>> 32), itemId);
    }

    /** Row {@code r} of no_update_stock's rows: (w_id, i_id, quantity, ytd, orders, remote). */
    private static void setStockRow(PreparedStatement p, int r, int supply, int itemId, int quantity, int ytd, int orders,
                                    int remote) throws SQLException {
        int at = 6 * r;
        p.setInt(at + 1, supply);
        p.setInt(at + 2, itemId);
        p.setInt(at + 3, quantity);
        p.setInt(at + 4, ytd);
        p.setInt(at + 5, orders);
        p.setInt(at + 6, remote);
    }

    /** Row {@code r} of no_insert_order_line's rows, after its three order keys. */
    private static void setLine(PreparedStatement p, int r, int number, int itemId, int supply, int qty, BigDecimal amount,
                                String distInfo) throws SQLException {
        int at = 3 + 6 * r;
        p.setInt(at + 1, number);
        p.setInt(at + 2, itemId);
        p.setInt(at + 3, supply);
        p.setInt(at + 4, qty);
        p.setBigDecimal(at + 5, amount);
        p.setString(at + 6, distInfo);
    }

    @Override
    boolean body(Statements sql) throws SQLException {
        sql.require("no_get_customer", "customer", w, d, c);
        int orderId;
        try (ResultSet rs = sql.ps("no_update_district", w, d).executeQuery()) {
            if (!rs.next()) {
                throw Statements.notFound("district", w, d);
            }
            orderId = rs.getInt(2);
            readXid(rs, sql, 3);
        }
        PreparedStatement p = sql.ps("no_insert_order");
        p.setInt(1, orderId);
        p.setInt(2, d);
        p.setInt(3, w);
        p.setInt(4, c);
        p.setTimestamp(5, new Timestamp(System.currentTimeMillis()));
        p.setInt(6, lines);
        p.setInt(7, allLocal ? 1 : 0);
        p.executeUpdate();
        sql.ps("no_insert_new_order", orderId, d, w).executeUpdate();
        // the lines' items and stock rows, in the order of the sorted keys: row i is line i's, or the item is unused
        int[] quantity = new int[lines];
        BigDecimal[] price = new BigDecimal[lines];
        String[] distInfo = new String[lines];
        PreparedStatement stocks = sql.ps("no_get_stocks");
        stocks.setInt(1, d);
        for (int i = 0; i < MAX_LINES; i++) {
            long key = items[Math.min(i, lines - 1)];
            stocks.setInt(2 * i + 2, (int) (key >>> 32));
            stocks.setInt(2 * i + 3, (int) key);
        }
        try (ResultSet rs = stocks.executeQuery()) {
            int i = 0;
            while (rs.next()) {
                long key = (long) rs.getInt(1) << 32 | rs.getInt(2);
                if (i < lines && items[i] < key) {
                    return missing(items[i]);
                }
                int q = rs.getInt(3);
                BigDecimal pr = rs.getBigDecimal(5);
                String dist = rs.getString(4);
                for (; i < lines && items[i] == key; i++) { // an item ordered twice: one row for both lines
                    quantity[i] = q;
                    price[i] = pr;
                    distInfo[i] = dist;
                }
            }
            if (i < lines) {
                return missing(items[i]);
            }
        }
        // the stock rows (an item on two lines: one row, its lines summed) and the lines, one statement each
        PreparedStatement updateStock = sql.ps("no_update_stock");
        PreparedStatement insertLine = sql.ps("no_insert_order_line");
        insertLine.setInt(1, orderId);
        insertLine.setInt(2, d);
        insertLine.setInt(3, w);
        int rows = 0;
        int left = 0;
        int ytd = 0;
        int orders = 0;
        for (int i = 0; i < lines; i++) {
            int itemId = (int) items[i];
            int supply = (int) (items[i] >>> 32);
            int qty = quantities[i];
            boolean again = i > 0 && items[i] == items[i - 1]; // its second line sees the first one's update
            int quantityNow = again ? left : quantity[i];
            left = quantityNow >= qty + 10 ? quantityNow - qty : quantityNow - qty + 91;
            ytd = again ? ytd + qty : qty;
            orders = again ? orders + 1 : 1;
            if (!again) {
                rows++;
            }
            setStockRow(updateStock, rows - 1, supply, itemId, left, ytd, orders, supply == w ? 0 : orders);
            setLine(insertLine, i, i + 1, itemId, supply, qty, price[i].multiply(BigDecimal.valueOf(qty)), distInfo[i]);
        }
        for (int r = rows; r < MAX_LINES; r++) { // the unused rows repeat the last
            int supply = (int) (items[lines - 1] >>> 32);
            setStockRow(updateStock, r, supply, (int) items[lines - 1], left, ytd, orders, supply == w ? 0 : orders);
        }
        for (int i = lines; i < MAX_LINES; i++) {
            setLine(insertLine, i, i + 1, (int) items[lines - 1], (int) (items[lines - 1] >>> 32), 0,
                    BigDecimal.ZERO, distInfo[lines - 1]);
        }
        insertLine.setInt(3 + 6 * MAX_LINES + 1, lines);
        updateStock.executeUpdate();
        insertLine.executeUpdate();
        return true;
    }
}
