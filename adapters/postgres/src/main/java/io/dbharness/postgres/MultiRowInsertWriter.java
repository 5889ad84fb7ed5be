package io.dbharness.postgres;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.WriteResult;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * {@code INSERT ... VALUES (...),(...)}: as many rows per statement as PostgreSQL's 65535 bind parameters
 * allow. The full-size statement and the last tail size are prepared once and reused, since a batch size
 * rarely changes during a run.
 */
final class MultiRowInsertWriter implements BatchWriter {

    static final int MAX_PARAMETERS = 65_535;

    private final Connection connection;
    private final PgFlavor flavor;
    private final SeriesSchema schema;
    private final RowBinder binder;
    private final int fieldsPerRow;
    private final int rowsPerStatement;
    private final String context;
    private PreparedStatement full;
    private PreparedStatement tail;
    private int tailRows;

    MultiRowInsertWriter(Connection connection, PgFlavor flavor, SeriesSchema schema) {
        this.connection = connection;
        this.flavor = flavor;
        this.schema = schema;
        this.binder = new RowBinder(schema);
        this.fieldsPerRow = io.dbharness.core.encode.SchemaColumns.count(schema);
        this.rowsPerStatement = Math.max(1, MAX_PARAMETERS / fieldsPerRow);
        this.context = "INSERT into " + Tables.quote(schema.tableName());
    }

    @Override
    public WriteResult write(RowBatch batch) throws TargetException {
        long bytes = 0;
        int size = batch.size();
        try {
            boolean multi = size > rowsPerStatement;
            if (multi) {
                connection.setAutoCommit(false);
            }
            for (int start = 0; start < size; start += rowsPerStatement) {
                int n = Math.min(rowsPerStatement, size - start);
                PreparedStatement ps = statement(n);
                for (int i = 0; i < n; i++) {
                    bytes += binder.bind(ps, 1 + i * fieldsPerRow, batch, start + i);
                }
                ps.executeUpdate();
            }
            if (multi) {
                connection.commit();
                connection.setAutoCommit(true);
            }
            return new WriteResult(size, 0, bytes);
        } catch (SQLException e) {
            try {
                if (!connection.getAutoCommit()) {
                    connection.rollback();
                    connection.setAutoCommit(true);
                }
            } catch (SQLException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw SqlErrors.classify(e, context);
        }
    }

    private PreparedStatement statement(int rows) throws SQLException {
        if (rows == rowsPerStatement) {
            if (full == null) {
                full = prepare(rows);
            }
            return full;
        }
        if (tail == null || tailRows != rows) {
            if (tail != null) {
                tail.close();
            }
            tail = prepare(rows);
            tailRows = rows;
        }
        return tail;
    }

    private PreparedStatement prepare(int rows) throws SQLException {
        String row = RowBinder.placeholders(schema);
        StringBuilder values = new StringBuilder(rows * (row.length() + 1));
        for (int i = 0; i < rows; i++) {
            if (i > 0) {
                values.append(',');
            }
            values.append(row);
        }
        return connection.prepareStatement(Tables.render(flavor, "insert", schema, java.util.Map.of("rows", values.toString())));
    }

    @Override
    public void close() {
        RowBinder.closeQuietly(full);
        RowBinder.closeQuietly(tail);
        RowBinder.closeQuietly(connection);
    }
}
