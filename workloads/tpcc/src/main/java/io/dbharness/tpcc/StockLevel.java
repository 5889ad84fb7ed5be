package io.dbharness.tpcc;

import java.sql.SQLException;

/** Stock-Level (clause 2.8): the items of the district's last 20 orders whose stock is below a threshold; reads only. */
final class StockLevel extends Txn.ReadOnly {

    private final int w;
    private final int d;
    private final int threshold;

    StockLevel(Terminal terminal, int w, int d, long notBefore) {
        super(terminal, Transaction.STOCK_LEVEL, notBefore);
        this.w = w;
        this.d = d;
        threshold = terminal.random().uniform(10, 20);
    }

    @Override
    boolean body(Statements sql) throws SQLException {
        int next = sql.requireInt("sl_get_district", 1, "district", w, d);
        Statements.firstLong(sql.ps("sl_count_low_stock", w, d, next - 20, next, threshold), 1);
        return true;
    }
}
