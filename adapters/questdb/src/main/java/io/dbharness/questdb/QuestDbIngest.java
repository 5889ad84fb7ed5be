package io.dbharness.questdb;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.SchemaMode;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.encode.LinePrecision;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Telematics tables in QuestDB: the table is created explicitly over the PostgreSQL wire (so column types
 * follow {@code --metrics-type} instead of line protocol's guesses: a float field would make DOUBLE, an
 * integer LONG), rows go over line protocol, and counts wait for the WAL to be applied.
 */
final class QuestDbIngest implements TimeSeriesIngest {

    private final QuestDbSql sql;
    private final IlpHttp http;
    private final Optional<LinePrecision> precision;
    private final int batchLines;
    private final IlpVersion version;

    private final java.time.Duration opTimeout;
    /** The embedded server, whose table files can be measured; null for a remote one. */
    private final EmbeddedQuestDb embedded;

    QuestDbIngest(QuestDbSql sql, IlpHttp http, Optional<LinePrecision> precision, int batchLines,
                  IlpVersion version, java.time.Duration opTimeout, EmbeddedQuestDb embedded) {
        this.version = version;
        this.embedded = embedded;
        this.sql = sql;
        this.http = http;
        this.precision = precision;
        this.batchLines = batchLines;
        this.opTimeout = opTimeout;
    }

    /** The designated timestamp holds no time before 1970-01-01 (the server answers HTTP 400 to such rows). */
    @Override
    public java.util.OptionalLong earliestMicros() {
        return java.util.OptionalLong.of(0);
    }

    @Override
    public void createSchema(SeriesSchema schema, SchemaMode mode) throws TargetException {
        String table = QuestDbTables.quote(schema.tableName());
        try (Connection c = sql.connect(); Statement st = c.createStatement()) {
            if (mode == SchemaMode.CLEAN) {
                st.execute("DROP TABLE IF EXISTS " + table);
            }
            if (!exists(st, schema.tableName())) {
                st.execute(QuestDbTables.createSql(schema));
                return;
            }
            Map<String, String> columns = new LinkedHashMap<>();
            String designated = columns(st, schema.tableName(), columns);
            List<String> diffs = QuestDbTables.layoutDifferences(schema, columns, designated);
            if (!diffs.isEmpty()) {
                throw new UsageException("table " + table + " does not fit " + schema.describeFields() + ": "
                        + String.join("; ", diffs.subList(0, Math.min(3, diffs.size())))
                        + (diffs.size() > 3 ? " (and " + (diffs.size() - 3) + " more)" : "")
                        + "; use --clean to drop and recreate it");
            }
            if (mode == SchemaMode.CREATE) {
                long rows = count(c, schema.tableName());
                if (rows > 0) {
                    throw new UsageException("table " + table + " already exists and holds " + rows
                            + " rows; use --append to add to it or --clean to drop and recreate it");
                }
            }
        } catch (SQLException e) {
            throw QuestDbSql.classify(e, "preparing table " + table);
        }
    }

    @Override
    public BatchWriter openWriter(SeriesSchema schema) {
        return new IlpHttpWriter(http, schema, precision, batchLines, version, opTimeout);
    }

    @Override
    public OptionalLong countRows(SeriesSchema schema) throws TargetException {
        try (Connection c = sql.connect()) {
            return OptionalLong.of(count(c, schema.tableName()));
        } catch (SQLException e) {
            throw QuestDbSql.classify(e, "counting rows of " + QuestDbTables.quote(schema.tableName()));
        }
    }

    /** What {@code count()} sees now: the rows applied from the WAL so far, not those acknowledged since. */
    @Override
    public OptionalLong visibleRows(SeriesSchema schema) throws TargetException {
        String table = QuestDbTables.quote(schema.tableName());
        try (Connection c = sql.connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count() FROM " + table)) {
            rs.next();
            return OptionalLong.of(rs.getLong(1));
        } catch (SQLException e) {
            throw QuestDbSql.classify(e, "counting the visible rows of " + table);
        }
    }

    /**
     * The table's files on the embedded server once the WAL is applied ({@link TableDisk}); empty for a remote server,
     * whose only figure, {@code table_storage()}'s, counts the pages allocated ahead of the rows (999 MB for 3.4 MB
     * written in a small run) and the WAL.
     */
    @Override
    public OptionalLong storedBytes(SeriesSchema schema) throws TargetException {
        if (embedded == null) {
            return OptionalLong.empty();
        }
        try (Connection c = sql.connect()) {
            WalApply.await(c, schema.tableName());
            long bytes = TableDisk.bytes(embedded, c, schema.tableName());
            return bytes < 0 ? OptionalLong.empty() : OptionalLong.of(bytes);
        } catch (SQLException e) {
            throw QuestDbSql.classify(e, "measuring " + QuestDbTables.quote(schema.tableName()) + " on disk");
        } catch (java.io.IOException e) {
            throw new TargetException(TargetException.Kind.FATAL, null, "measuring "
                    + QuestDbTables.quote(schema.tableName()) + " on disk: " + e, e);
        }
    }

    /** Rows after the WAL has caught up, so a count right after the last write is exact. */
    static long count(Connection c, String name) throws SQLException, TargetException {
        WalApply.await(c, name);
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count() FROM " + QuestDbTables.quote(name))) {
            rs.next();
            return rs.getLong(1);
        }
    }

    static boolean exists(Statement st, String name) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT * FROM tables()")) {
            int col = column(rs.getMetaData(), "table_name", "name");
            while (rs.next()) {
                if (rs.getString(col).equalsIgnoreCase(name)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Fills {@code into} with lower-case column name to type; returns the designated timestamp column. */
    private static String columns(Statement st, String name, Map<String, String> into) throws SQLException {
        String designated = null;
        try (ResultSet rs = st.executeQuery("SELECT \"column\", type, designated FROM table_columns("
                + QuestDbTables.literal(name) + ")")) {
            while (rs.next()) {
                String col = rs.getString(1).toLowerCase(Locale.ROOT);
                into.put(col, rs.getString(2));
                if (rs.getBoolean(3)) {
                    designated = col;
                }
            }
        }
        return designated;
    }

    /** Index of the first of {@code names} in the result: QuestDB renamed some catalogue columns across versions. */
    private static int column(ResultSetMetaData md, String... names) throws SQLException {
        for (String n : names) {
            for (int i = 1; i <= md.getColumnCount(); i++) {
                if (md.getColumnName(i).equalsIgnoreCase(n)) {
                    return i;
                }
            }
        }
        throw new SQLException("no column " + String.join(" or ", names) + " in the QuestDB catalogue");
    }
}
