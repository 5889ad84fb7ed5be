package io.dbharness.tpcc;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import static io.dbharness.tpcc.Statements.MAX_LINES;

/**
 * New-Order (clause 2.4): a district's next order id taken under lock, the order and its new-order row, 5 to 15
 * lines (1% of them from another warehouse). The items and then the stock rows are read in one statement each,
 * the stock rows locked in key order so concurrent orders queue instead of deadlocking; the stock updates and
 * the lines go as two batches. 1% carry an unused item id and roll back, counted as a rollback, not an error.
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

    @Override
    boolean body(Statements sql) throws SQLException {
        sql.require("no_get_customer", "customer", w, d, c);
        int orderId = sql.requireInt("no_get_district", 2, "district", w, d);
        sql.ps("no_update_district", w, d).executeUpdate();
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
        Map<Integer, BigDecimal> prices = prices(sql);
        for (int i = 0; i < lines; i++) {
            if (!prices.containsKey((int) items[i])) {
                return false; // the unused item: "Item number is not valid", rolled back (clause 2.4.2.3)
            }
        }
        Map<Long, Object[]> stocks = stocks(sql);
        PreparedStatement updateStock = sql.ps("no_update_stock");
        PreparedStatement insertLine = sql.ps("no_insert_order_line");
        updateStock.clearBatch(); // a rolled back order leaves its lines in the batches
        insertLine.clearBatch();
        for (int i = 0; i < lines; i++) {
            int itemId = (int) items[i];
            int supply = (int) (items[i] >>> 32);
            int qty = quantities[i];
            Object[] row = stocks.get(items[i]);
            if (row == null) {
                throw Statements.notFound("stock", supply, itemId);
            }
            int quantity = (int) row[0];
            int left = quantity >= qty + 10 ? quantity - qty : quantity - qty + 91;
            row[0] = left; // an item ordered twice in one order: its second line sees the first one's update
            updateStock.setInt(1, left);
            updateStock.setInt(2, qty);
            updateStock.setInt(3, supply == w ? 0 : 1);
            updateStock.setInt(4, supply);
            updateStock.setInt(5, itemId);
            updateStock.addBatch();
            insertLine.setInt(1, orderId);
            insertLine.setInt(2, d);
            insertLine.setInt(3, w);
            insertLine.setInt(4, i + 1);
            insertLine.setInt(5, itemId);
            insertLine.setInt(6, supply);
            insertLine.setInt(7, qty);
            insertLine.setBigDecimal(8, prices.get(itemId).multiply(BigDecimal.valueOf(qty)));
            insertLine.setString(9, (String) row[d]);
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

    /** The lines' items and their prices, in one round trip: an unused id is missing from it. */
    private Map<Integer, BigDecimal> prices(Statements sql) throws SQLException {
        PreparedStatement p = sql.ps("no_get_items");
        for (int i = 0; i < MAX_LINES; i++) {
            p.setInt(i + 1, (int) items[Math.min(i, lines - 1)]);
        }
        Map<Integer, BigDecimal> prices = new HashMap<>(32);
        try (ResultSet rs = p.executeQuery()) {
            while (rs.next()) {
                prices.put(rs.getInt(1), rs.getBigDecimal(2));
            }
        }
        return prices;
    }

    /** The lines' stock rows, locked, in one round trip: by supply warehouse << 32 | item, quantity and S_DIST_01..10. */
    private Map<Long, Object[]> stocks(Statements sql) throws SQLException {
        PreparedStatement p = sql.ps("no_get_stocks");
        for (int i = 0; i < MAX_LINES; i++) {
            long key = items[Math.min(i, lines - 1)];
            p.setInt(2 * i + 1, (int) (key >>> 32));
            p.setInt(2 * i + 2, (int) key);
        }
        Map<Long, Object[]> stocks = new HashMap<>(32);
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
        return stocks;
    }
}
