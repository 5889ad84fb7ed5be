package io.dbharness.tpcc;

import io.dbharness.core.api.SqlAccess;
import io.dbharness.core.api.TargetException;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The specification's consistency conditions (clause 3.3.2) 1 to 9, each a query that returns the first
 * offending rows. Conditions 10 and 12 (each customer's balance against all its delivered order lines) join
 * the two biggest tables per customer and are left out: at a thousand warehouses they take longer than the run.
 */
final class Consistency {

    static final int[] CONDITIONS = {1, 2, 3, 4, 5, 6, 7, 8, 9};

    /** A failed condition and the first offending rows, as {@code column=value} lists. */
    record Violation(int condition, List<String> rows) {
        String describe() {
            return "condition " + condition + " (" + WHAT[condition] + ") fails for " + String.join("; ", rows);
        }
    }

    private static final String[] WHAT = {"",
            "W_YTD = sum(D_YTD)",
            "D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)",
            "NEW-ORDER rows = max(NO_O_ID) - min(NO_O_ID) + 1",
            "sum(O_OL_CNT) = ORDER-LINE rows per district",
            "O_CARRIER_ID null exactly for orders in NEW-ORDER",
            "O_OL_CNT = the order's ORDER-LINE rows",
            "OL_DELIVERY_D null exactly when O_CARRIER_ID is",
            "W_YTD = sum(H_AMOUNT)",
            "D_YTD = sum(H_AMOUNT)"};

    private Consistency() {
    }

    /**
     * Runs every condition, each statement bounded by {@code timeout} (a check's deadline, longer than one
     * transaction's --op-timeout); returns the ones that fail.
     */
    static List<Violation> check(SqlAccess access, TpccSql sql, java.time.Duration timeout) throws TargetException {
        List<Violation> out = new ArrayList<>();
        try (Connection c = access.dataSource().getConnection(); Statement st = c.createStatement()) {
            c.setAutoCommit(false); // SET LOCAL lasts until the end of this transaction; it changes nothing
            st.execute(sql.render("check_timeout", java.util.Map.of("millis", Long.toString(timeout.toMillis()))));
            for (int n : CONDITIONS) {
                List<String> rows = new ArrayList<>();
                try (ResultSet rs = st.executeQuery(sql.get("check/" + n))) {
                    ResultSetMetaData md = rs.getMetaData();
                    while (rs.next()) {
                        List<String> cols = new ArrayList<>();
                        for (int i = 1; i <= md.getColumnCount(); i++) {
                            cols.add(md.getColumnLabel(i) + "=" + rs.getString(i));
                        }
                        rows.add(String.join(" ", cols));
                    }
                } catch (SQLException e) {
                    throw access.failure(e, "checking consistency condition " + n);
                }
                if (!rows.isEmpty()) {
                    out.add(new Violation(n, rows));
                }
            }
            c.rollback();
        } catch (SQLException e) {
            throw access.failure(e, "checking the consistency conditions");
        }
        return out;
    }
}
