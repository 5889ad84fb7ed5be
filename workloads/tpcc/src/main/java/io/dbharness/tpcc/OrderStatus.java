package io.dbharness.tpcc;

import java.sql.ResultSet;
import java.sql.SQLException;

/** Order-Status (clause 2.6): a customer (60% by last name), their last order and its lines; changes nothing. */
final class OrderStatus extends Txn.ReadOnly {

    private final int w;
    private final int d;
    /** The last name to look the customer up by, or null to take {@link #cid}. */
    private final String last;
    private final int cid;

    OrderStatus(Terminal terminal, int w, long notBefore) {
        super(terminal, Transaction.ORDER_STATUS, notBefore);
        TpccRandom random = terminal.random();
        this.w = w;
        d = random.uniform(1, 10);
        boolean byName = random.uniform(1, 100) <= 60;
        last = byName ? random.lastNameForRun() : null;
        cid = byName ? 0 : random.customerId();
    }

    @Override
    boolean body(Statements sql) throws SQLException {
        int c = last != null ? sql.customerByName(w, d, last) : cid;
        sql.require("os_get_customer", "customer", w, d, c);
        int orderId = Statements.firstIntOr(sql.ps("os_get_last_order", w, d, c), 1, -1);
        if (orderId >= 0) {
            try (ResultSet rs = sql.ps("os_get_order_lines", w, d, orderId).executeQuery()) {
                while (rs.next()) {
                    rs.getInt(1); // read every line, as the terminal would display them
                }
            }
        }
        return true;
    }
}
