package io.dbharness.tpcc;

import io.dbharness.core.api.SqlAccess;
import io.dbharness.core.api.TargetException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Creating, checking and dropping the TPC-C tables, and the row that records a finished load. */
final class Schema {

    /** What a finished load recorded: its scale, the NURand constants it used and its seed. */
    record Load(int warehouses, TpccRandom.Constants constants, long seed) {
    }

    private final SqlAccess access;
    private final TpccSql sql;

    Schema(SqlAccess access, TpccSql sql) {
        this.access = access;
        this.sql = sql;
    }

    /** The TPC-C tables that exist now. */
    List<String> existing() throws TargetException {
        List<String> out = new ArrayList<>();
        try (Connection c = access.dataSource().getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(sql.get("existing_tables"))) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        } catch (SQLException e) {
            throw access.failure(e, "looking for the TPC-C tables");
        }
        return out;
    }

    void create() throws TargetException {
        run("create_tables", "creating the TPC-C tables");
    }

    void createIndexes() throws TargetException {
        run("create_indexes", "creating the TPC-C keys and indexes");
    }

    void analyze() throws TargetException {
        run("analyze", "gathering statistics on the TPC-C tables");
    }

    void drop() throws TargetException {
        run("drop_tables", "dropping the TPC-C tables (--clean)");
    }

    /** The finished load, or empty when the tables hold none (a load that was stopped writes no row). */
    Optional<Load> load() throws TargetException {
        try (Connection c = access.dataSource().getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(sql.get("read_load"))) {
            if (!rs.next()) {
                return Optional.empty();
            }
            return Optional.of(new Load(rs.getInt(1), new TpccRandom.Constants(rs.getInt(2), rs.getInt(3), rs.getInt(4)),
                    rs.getLong(5)));
        } catch (SQLException e) {
            throw access.failure(e, "reading what the TPC-C load recorded");
        }
    }

    void recordLoad(Load load) throws TargetException {
        try (Connection c = access.dataSource().getConnection(); PreparedStatement ps = c.prepareStatement(sql.get("write_load"))) {
            c.setAutoCommit(true);
            ps.setInt(1, load.warehouses());
            ps.setInt(2, load.constants().cLast());
            ps.setInt(3, load.constants().cId());
            ps.setInt(4, load.constants().olIId());
            ps.setLong(5, load.seed());
            ps.executeUpdate();
        } catch (SQLException e) {
            throw access.failure(e, "recording the TPC-C load");
        }
    }

    /** Bytes the TPC-C tables take with their indexes, or -1 when the target cannot tell. */
    long storedBytes() {
        try (Connection c = access.dataSource().getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(sql.get("table_size"))) {
            return rs.next() ? rs.getLong(1) : -1;
        } catch (SQLException | RuntimeException e) {
            return -1; // informative only
        }
    }

    private void run(String id, String what) throws TargetException {
        try (Connection c = access.dataSource().getConnection(); Statement st = c.createStatement()) {
            c.setAutoCommit(true);
            List<String> statements = sql.statements(id);
            for (int i = 0; i < statements.size(); i++) {
                try {
                    st.execute(statements.get(i));
                } catch (SQLException e) {
                    throw access.failure(e, what + " (" + sql.source(id).replaceFirst("^io/dbharness/", "") + ", statement " + (i + 1) + " of "
                            + statements.size() + ": " + firstLine(statements.get(i)) + ")");
                }
            }
        } catch (SQLException e) {
            throw access.failure(e, what);
        }
    }

    /** {@code CREATE TABLE warehouse}: the statement's first line without an opening parenthesis. */
    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        String line = (nl < 0 ? s : s.substring(0, nl)).replaceFirst("\\s*\\(\\s*$", "");
        return line.length() > 80 ? line.substring(0, 77) + "..." : line;
    }
}
