package io.dbharness.tpcc;

import io.dbharness.core.api.PrepareContext;
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

    void create(PrepareContext context) throws TargetException {
        run("create_tables", "creating the TPC-C tables", context);
    }

    void createIndexes(PrepareContext context) throws TargetException {
        run("create_indexes", "creating the TPC-C keys and indexes", context);
    }

    void analyze(PrepareContext context) throws TargetException {
        run("analyze", "gathering statistics on the TPC-C tables", context);
    }

    void drop(PrepareContext context) throws TargetException {
        run("drop_tables", "dropping the TPC-C tables", context);
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

    /** The row of a finished load, replacing any other in one transaction: safe to write again. */
    void recordLoad(Load load) throws TargetException {
        try (Connection c = access.dataSource().getConnection(); Statement clear = c.createStatement();
             PreparedStatement ps = c.prepareStatement(sql.get("write_load"))) {
            c.setAutoCommit(false);
            clear.execute(sql.get("clear_load"));
            ps.setInt(1, load.warehouses());
            ps.setInt(2, load.constants().cLast());
            ps.setInt(3, load.constants().cId());
            ps.setInt(4, load.constants().olIId());
            ps.setLong(5, load.seed());
            ps.executeUpdate();
            c.commit();
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

    /**
     * Runs the statements of {@code id} one by one in autocommit. After a lost connection the context runs the
     * step again from the statement that was cut off: that one may have committed before its answer was lost,
     * so on that second try an "already exists" error (a table, index or key made by the first try) means done.
     */
    private void run(String id, String what, PrepareContext context) throws TargetException {
        List<String> statements = sql.statements(id);
        int[] done = {0};
        boolean[] tried = {false};
        context.retrying(what, () -> {
            boolean again = tried[0];
            tried[0] = true;
            int resumeAt = done[0];
            try (Connection c = access.dataSource().getConnection(); Statement st = c.createStatement()) {
                c.setAutoCommit(true);
                for (int i = resumeAt; i < statements.size(); i++) {
                    try {
                        st.execute(statements.get(i));
                    } catch (SQLException e) {
                        if (!(again && i == resumeAt && ALREADY_DONE.contains(e.getSQLState()))) {
                            throw access.failure(e, what + " (" + sql.source(id).replaceFirst("^io/dbharness/", "")
                                    + ", statement " + (i + 1) + " of " + statements.size() + ": "
                                    + firstLine(statements.get(i)) + ")");
                        }
                    }
                    done[0] = i + 1;
                }
            } catch (SQLException e) {
                throw access.failure(e, what);
            }
        });
    }

    /** duplicate_table (a table or index of that name), duplicate_object (a constraint), multiple primary keys. */
    private static final java.util.Set<String> ALREADY_DONE = java.util.Set.of("42P07", "42710", "42P16");

    /** {@code CREATE TABLE warehouse}: the statement's first line without an opening parenthesis. */
    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        String line = (nl < 0 ? s : s.substring(0, nl)).replaceFirst("\\s*\\(\\s*$", "");
        return line.length() > 80 ? line.substring(0, 77) + "..." : line;
    }
}
