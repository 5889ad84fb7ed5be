package io.dbharness.tpcc;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;

/**
 * Payment (clause 2.5): warehouse and district year-to-date (each updated and read in one statement), the customer
 * (60% by last name; 15% of another warehouse), their balance and a bad-credit customer's C_DATA (one statement),
 * and the history row.
 */
final class Payment extends Txn {

    private final int w;
    private final int d;
    /** The customer's warehouse and district. */
    private final int cw;
    private final int cd;
    /** The last name to look the customer up by, or null to take {@link #cid}. */
    private final String last;
    private final int cid;
    private final BigDecimal amount;

    Payment(Terminal terminal, int w, long notBefore) {
        super(terminal, Transaction.PAYMENT, notBefore);
        TpccRandom random = terminal.random();
        this.w = w;
        d = random.uniform(1, 10);
        boolean home = terminal.warehouses() == 1 || random.uniform(1, 100) <= 85;
        cw = home ? w : terminal.otherWarehouse(w);
        cd = home ? d : random.uniform(1, 10);
        boolean byName = random.uniform(1, 100) <= 60;
        last = byName ? random.lastNameForRun() : null;
        cid = byName ? 0 : random.customerId();
        amount = BigDecimal.valueOf(random.uniform(100, 500_000), 2);
    }

    @Override
    boolean body(Statements sql) throws SQLException {
        PreparedStatement p = sql.ps("pay_update_warehouse");
        p.setBigDecimal(1, amount);
        p.setInt(2, w);
        String wName;
        try (ResultSet rs = p.executeQuery()) {
            if (!rs.next()) {
                throw Statements.notFound("warehouse", w);
            }
            wName = rs.getString(1);
            readXid(rs, sql, 7);
        }
        p = sql.ps("pay_update_district");
        p.setBigDecimal(1, amount);
        p.setInt(2, w);
        p.setInt(3, d);
        String dName;
        try (ResultSet rs = p.executeQuery()) {
            if (!rs.next()) {
                throw Statements.notFound("district", w, d);
            }
            dName = rs.getString(1);
        }
        int c = last != null ? sql.customerByName(cw, cd, last) : cid;
        // balance, year-to-date, count and a bad-credit customer's C_DATA in one statement (clause 2.5.2.2)
        p = sql.ps("pay_update_customer");
        p.setBigDecimal(1, amount);
        p.setBigDecimal(2, amount);
        p.setBigDecimal(3, amount);
        p.setInt(4, d);
        p.setInt(5, w);
        p.setInt(6, cw);
        p.setInt(7, cd);
        p.setInt(8, c);
        try (ResultSet rs = p.executeQuery()) {
            if (!rs.next()) {
                throw Statements.notFound("customer", cw, cd, c);
            }
        }
        p = sql.ps("pay_insert_history");
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
}
