package io.dbharness.core.query;

import io.dbharness.core.api.CompiledQuery;
import io.dbharness.core.api.Fate;
import io.dbharness.core.api.QueryAnswer;
import io.dbharness.core.api.QueryParams;
import io.dbharness.core.api.QueryReader;
import io.dbharness.core.api.TargetException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs {@link SqlQuery}s over JDBC on one connection: a prepared statement per query kept for the run (so the
 * server can plan it once), or plain statements with literals. Used by every SQL target.
 */
public final class JdbcQueryReader implements QueryReader {

    /** Where connections come from and how a broken one is thrown away (a pool evicts it). */
    public interface Connections {
        Connection open() throws SQLException;

        default void discard(Connection c) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // it is broken already
            }
        }
    }

    /** The target's mapping of driver errors; {@code context} says what was being done. */
    public interface Errors {
        TargetException classify(SQLException e, String context);
    }


    private final Connections connections;
    private final Errors errors;
    private Connection connection;
    private final Map<SqlQuery, PreparedStatement> prepared = new HashMap<>();
    private volatile Statement inFlight;
    private volatile Connection inFlightConnection;
    private final AtomicInteger cancels = new AtomicInteger();

    public JdbcQueryReader(Connections connections, Errors errors) throws TargetException {
        this.connections = connections;
        this.errors = errors;
        Connection c = null;
        try {
            c = connections.open();
            c.setAutoCommit(true);
        } catch (SQLException e) {
            if (c != null) {
                connections.discard(c);
            }
            throw errors.classify(e, "opening a connection for queries");
        }
        this.connection = c;
    }

    @Override
    public QueryAnswer run(CompiledQuery query, QueryParams params, boolean keepRows) throws TargetException {
        SqlQuery q = (SqlQuery) query;
        cancels.set(0);
        inFlightConnection = connection;
        try {
            if (q.binds()) {
                PreparedStatement ps = prepared.get(q);
                if (ps == null) {
                    ps = connection.prepareStatement(q.text());
                    prepared.put(q, ps);
                }
                q.bind(ps, params);
                inFlight = ps;
                try (ResultSet rs = ps.executeQuery()) {
                    return read(rs, keepRows);
                }
            }
            try (Statement st = connection.createStatement()) {
                inFlight = st;
                try (ResultSet rs = st.executeQuery(q.literalSql(params))) {
                    return read(rs, keepRows);
                }
            }
        } catch (SQLException e) {
            throw errors.classify(e, "query " + q.name());
        } finally {
            inFlight = null;
            inFlightConnection = null;
        }
    }

    @Override
    public Optional<String> explain(CompiledQuery query, QueryParams params) throws TargetException {
        SqlQuery q = (SqlQuery) query;
        try (PreparedStatement ps = connection.prepareStatement(q.explainSql(params))) {
            if (q.binds()) {
                q.bind(ps, params);
            }
            StringBuilder plan = new StringBuilder();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    plan.append(rs.getString(1)).append('\n');
                }
            }
            return Optional.of(plan.toString().stripTrailing());
        } catch (SQLException e) {
            throw errors.classify(e, "explaining query " + q.name());
        }
    }

    /**
     * Values as {@link QueryAnswer} defines them; without {@code keepRows}, every row is still fetched but neither
     * values nor column names are read: the metadata costs the driver a type lookup per column on every query,
     * which on a query of tens of microseconds at 8 clients showed in the profile (issue 21).
     */
    static QueryAnswer read(ResultSet rs, boolean keepRows) throws SQLException {
        if (!keepRows) {
            long count = 0;
            while (rs.next()) {
                count++;
            }
            return new QueryAnswer(List.of(), List.of(), count);
        }
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        List<String> columns = new ArrayList<>(n);
        int[] types = new int[n];
        for (int i = 0; i < n; i++) {
            columns.add(md.getColumnLabel(i + 1).toLowerCase(Locale.ROOT));
            types[i] = md.getColumnType(i + 1);
        }
        List<Object[]> rows = new ArrayList<>();
        long count = 0;
        while (rs.next()) {
            count++;
            Object[] row = new Object[n];
            for (int i = 0; i < n; i++) {
                row[i] = value(rs, i + 1, types[i]);
            }
            rows.add(row);
        }
        return new QueryAnswer(columns, rows, count);
    }

    private static Object value(ResultSet rs, int i, int type) throws SQLException {
        Object v;
        switch (type) {
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT -> v = rs.getLong(i);
            case Types.REAL, Types.FLOAT, Types.DOUBLE -> v = rs.getDouble(i);
            case Types.NUMERIC, Types.DECIMAL -> v = rs.getBigDecimal(i);
            case Types.TIMESTAMP -> {
                LocalDateTime t = rs.getObject(i, LocalDateTime.class);
                v = t == null ? null : t.toInstant(ZoneOffset.UTC);
            }
            case Types.TIMESTAMP_WITH_TIMEZONE -> {
                OffsetDateTime t = rs.getObject(i, OffsetDateTime.class);
                v = t == null ? null : t.toInstant();
            }
            default -> v = rs.getString(i);
        }
        return rs.wasNull() ? null : v;
    }


    /** First a cancel request (the statement fails, the connection stays); then the connection is aborted. */
    @Override
    public void cancel() {
        Statement st = inFlight;
        Connection c = inFlightConnection;
        if (st != null && c != null) {
            JdbcCancel.escalate(cancels.getAndIncrement(), c, st::cancel);
        }
    }

    /** Keeps a connection that still answers; replaces a broken one. */
    @Override
    public boolean reconnect() throws TargetException {
        try {
            if (!connection.isClosed() && connection.isValid(2)) {
                return false;
            }
        } catch (SQLException broken) {
            // replace it below
        }
        closeStatements();
        connections.discard(connection);
        try {
            connection = connections.open();
            connection.setAutoCommit(true);
            return true;
        } catch (SQLException e) {
            TargetException t = errors.classify(e, "re-opening a connection for queries");
            throw new TargetException(t.kind(), Fate.NOT_APPLIED, t.vendorCode(), t.getMessage(), e);
        }
    }

    private void closeStatements() {
        for (PreparedStatement ps : prepared.values()) {
            try {
                ps.close();
            } catch (SQLException ignored) {
                // closing the connection releases it
            }
        }
        prepared.clear();
    }

    @Override
    public void close() {
        closeStatements();
        try {
            connection.close();
        } catch (SQLException ignored) {
            // nothing left to release
        }
    }
}
