package io.dbharness.postgres;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.SchemaMode;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.dialect.StatementTexts;
import io.dbharness.core.encode.EncoderFormat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import javax.sql.DataSource;

/** Table preparation and writers for the telematics workloads. */
final class PostgresIngest implements TimeSeriesIngest {

    private final DataSource pool;
    private final PgFlavor flavor;
    private final StatementTexts sql;
    private final boolean tracksCommits;
    private final java.time.Duration opTimeout;

    /**
     * @param tracksCommits whether writers learn after a lost connection if their last transaction committed
     * @param opTimeout     {@code --op-timeout}, for writers of a product's own that enforce it themselves
     */
    PostgresIngest(DataSource pool, PgFlavor flavor, boolean tracksCommits, java.time.Duration opTimeout) {
        this.pool = pool;
        this.flavor = flavor;
        this.sql = flavor.dialect();
        this.tracksCommits = tracksCommits;
        this.opTimeout = opTimeout;
    }

    @Override
    public void createSchema(SeriesSchema schema, SchemaMode schemaMode) throws TargetException {
        String table = Tables.quote(schema.tableName());
        try (Connection c = pool.getConnection(); Statement st = c.createStatement()) {
            if (schemaMode == SchemaMode.CLEAN) {
                st.execute(Tables.render(flavor, "drop_table", schema, Map.of()));
            }
            if (!exists(c, table)) {
                st.execute(Tables.createSql(flavor, schema));
                return;
            }
            List<String> diffs = Tables.layoutDifferences(schema, columns(c, table));
            if (!diffs.isEmpty()) {
                throw new UsageException("table " + table + " does not fit " + schema.describeFields() + ": " + String.join("; ", diffs.subList(0, Math.min(3, diffs.size())))
                        + (diffs.size() > 3 ? " (and " + (diffs.size() - 3) + " more)" : "")
                        + "; use --clean to drop and recreate it");
            }
            if (schemaMode == SchemaMode.CREATE && hasRows(st, table)) {
                long rows = count(st, table);
                throw new UsageException("table " + table + " already exists and holds " + rows
                        + " rows; use --append to add to it or --clean to drop and recreate it");
            }
        } catch (SQLException e) {
            throw SqlErrors.classify(e, "preparing table " + table);
        }
    }

    /** The PostgreSQL family fills a serial, an identity or a UUID column itself (each dialect says which it has). */
    @Override
    public boolean fillsRowIds() {
        return true;
    }

    @Override
    public boolean mergesRowsWithSameKey() {
        return flavor.mergesRowsWithSameKey();
    }

    @Override
    public BatchWriter openWriter(SeriesSchema schema) throws TargetException {
        java.util.Optional<BatchWriter> own = flavor.ownWriter(schema, pool, opTimeout);
        if (own.isPresent()) {
            return own.get();
        }
        IngestMode mode = flavor.ingestMode();
        try {
            return switch (mode) {
                case COPY_BINARY -> new CopyWriter(pool, flavor, tracksCommits, schema, EncoderFormat.COPY_BINARY);
                case COPY_TEXT -> new CopyWriter(pool, flavor, tracksCommits, schema, EncoderFormat.COPY_TEXT);
                case INSERT_BATCH -> new InsertBatchWriter(pool, flavor, tracksCommits, schema);
                case INSERT_MULTIROW -> new MultiRowInsertWriter(pool, flavor, tracksCommits, schema);
            };
        } catch (SQLException e) {
            throw SqlErrors.classify(e, "opening a " + mode.cliName() + " writer");
        }
    }

    @Override
    public java.util.Optional<String> ddl(SeriesSchema schema) {
        return java.util.Optional.of(Tables.createSql(flavor, schema));
    }

    @Override
    public OptionalLong countRows(SeriesSchema schema) throws TargetException {
        String table = Tables.quote(schema.tableName());
        try (Connection c = pool.getConnection(); Statement st = c.createStatement()) {
            // a count reads the whole table: a check's deadline, not one write's (--op-timeout), for this transaction
            c.setAutoCommit(false);
            st.execute(sql.render("local_statement_timeout", Map.of("millis",
                    Long.toString(io.dbharness.core.api.Verification.checkTimeout(opTimeout).toMillis()))));
            long n = count(st, table);
            c.rollback(); // it changed nothing
            return OptionalLong.of(n);
        } catch (SQLException e) {
            throw SqlErrors.classify(e, "counting rows of " + table);
        }
    }

    @Override
    public OptionalLong storedBytes(SeriesSchema schema) throws TargetException {
        String table = Tables.quote(schema.tableName());
        try (Connection c = pool.getConnection();
             PreparedStatement ps = c.prepareStatement(sql.get("table_size"))) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                long bytes = rs.getLong(1);
                return rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(bytes);
            }
        } catch (SQLException e) {
            throw SqlErrors.classify(e, "reading the size of " + table);
        }
    }

    boolean exists(Connection c, String table) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql.get("table_exists"))) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    private Map<String, String> columns(Connection c, String table) throws SQLException {
        Map<String, String> cols = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement(sql.get("table_columns"))) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    cols.put(rs.getString(1), rs.getString(2));
                }
            }
        }
        return cols;
    }

    boolean hasRows(Statement st, String table) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql.render("has_rows", Map.of("table", table)))) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    private long count(Statement st, String table) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql.render("count_rows", Map.of("table", table)))) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
