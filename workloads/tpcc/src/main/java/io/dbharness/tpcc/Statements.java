package io.dbharness.tpcc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A terminal's prepared statements, by the id of their text under {@code tx/}, prepared on first use on its
 * connection and dropped with it; and the reads the transactions repeat: a row that must be there (else
 * SQLSTATE 02000 naming it, as a missing row is a broken database, not a retry), a first row's column.
 */
final class Statements {

    /** An order's most lines: New-Order's item and stock lookups take this many keys, unused ones repeated. */
    static final int MAX_LINES = 15;
    private static final String KEYS = String.join(", ", Collections.nCopies(MAX_LINES, "(?, ?)"));
    private static final String ROWS_OF_6 = String.join(", ", Collections.nCopies(MAX_LINES, "(?, ?, ?, ?, ?, ?)"));

    private final TpccSql sql;
    /** The terminal's connection now: a statement is prepared on the one it is first used on. */
    private final Supplier<Connection> connection;
    private final Map<String, PreparedStatement> cache = new HashMap<>();
    /** The texts' placeholders: {@code keys}, and {@code xid}, the transaction id as one more column, or empty. */
    private final Map<String, String> values;
    private final boolean readsXid;

    /**
     * @param xidColumn a select-list expression giving the transaction's id ({@code CommitTracking}), read as the
     *                  last column of a statement each writing transaction sends anyway; null when there is none
     */
    Statements(TpccSql sql, Supplier<Connection> connection, String xidColumn) {
        this.sql = sql;
        this.connection = connection;
        this.readsXid = xidColumn != null;
        this.values = values(xidColumn);
    }

    /** What the texts' placeholders stand for, with {@code xidColumn} as {@link #Statements}'s. */
    static Map<String, String> values(String xidColumn) {
        return Map.of("keys", KEYS, "stock_rows", ROWS_OF_6, "line_rows", ROWS_OF_6,
                "xid", xidColumn == null ? "" : ", " + xidColumn);
    }

    /** Whether the statements marked {@code ${xid}} return the transaction id as their last column. */
    boolean readsXid() {
        return readsXid;
    }

    /** Forgets the statements of a connection that is being replaced. */
    void clear() {
        cache.clear();
    }

    PreparedStatement ps(String id) throws SQLException {
        PreparedStatement p = cache.get(id);
        if (p == null) {
            p = connection.get().prepareStatement(sql.render("tx/" + id, values));
            cache.put(id, p);
        }
        return p;
    }

    /** The statement with its first parameters set to {@code ints}. */
    PreparedStatement ps(String id, int... ints) throws SQLException {
        PreparedStatement p = ps(id);
        for (int i = 0; i < ints.length; i++) {
            p.setInt(i + 1, ints[i]);
        }
        return p;
    }

    // The rows that must be there: statement id's parameters are the row's keys, which the error names.

    /** {@code id} run with {@code keys}: fails with "{@code what} k1/k2/... not found" (02000) when it returns no row. */
    void require(String id, String what, int... keys) throws SQLException {
        try (ResultSet rs = ps(id, keys).executeQuery()) {
            found(rs, what, keys);
        }
    }

    /** The same, returning the row's int {@code column}. */
    int requireInt(String id, int column, String what, int... keys) throws SQLException {
        try (ResultSet rs = ps(id, keys).executeQuery()) {
            found(rs, what, keys);
            return rs.getInt(column);
        }
    }

    /** The same, returning the row's text {@code column}. */
    String requireString(String id, int column, String what, int... keys) throws SQLException {
        try (ResultSet rs = ps(id, keys).executeQuery()) {
            found(rs, what, keys);
            return rs.getString(column);
        }
    }

    private static void found(ResultSet rs, String what, int[] keys) throws SQLException {
        if (!rs.next()) {
            throw notFound(what, keys);
        }
    }

    /** "customer 1/2/3 not found", SQLSTATE 02000 (no data). */
    static SQLException notFound(String what, int... keys) {
        StringBuilder b = new StringBuilder(what).append(' ');
        for (int i = 0; i < keys.length; i++) {
            b.append(i == 0 ? "" : "/").append(keys[i]);
        }
        return new SQLException(b.append(" not found").toString(), "02000");
    }

    // A first row that is there whatever the data (an aggregate, a row this transaction has read already): not checked.

    static long firstLong(PreparedStatement p, int column) throws SQLException {
        try (ResultSet rs = p.executeQuery()) {
            rs.next();
            return rs.getLong(column);
        }
    }

    /** The first row's int {@code column}, {@code none} when there is no row. */
    static int firstIntOr(PreparedStatement p, int column, int none) throws SQLException {
        try (ResultSet rs = p.executeQuery()) {
            return rs.next() ? rs.getInt(column) : none;
        }
    }

    /** The customer in the middle (position n/2 rounded up) of those with the last name, by first name (clause 2.5.2.2). */
    int customerByName(int w, int d, String last) throws SQLException {
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
}
