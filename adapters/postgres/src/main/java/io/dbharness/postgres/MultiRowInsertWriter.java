package io.dbharness.postgres;

import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.WriteResult;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * {@code INSERT ... VALUES (...),(...)}: as many rows per statement as PostgreSQL's 65535 bind parameters
 * allow. The full-size statement and the last tail size are prepared once and reused, since a batch size
 * rarely changes during a run. Rows count as written by the statements' update counts (an
 * {@code ON CONFLICT DO NOTHING} may store fewer; those count as skipped).
 */
final class MultiRowInsertWriter extends PgWriter {

    static final int MAX_PARAMETERS = 65_535;

    private final SeriesSchema schema;
    private final RowBinder binder;
    private final int fieldsPerRow;
    private final int rowsPerStatement;
    private PreparedStatement full;
    private PreparedStatement tail;
    private int tailRows;

    MultiRowInsertWriter(DataSource pool, PgFlavor flavor, boolean tracksCommits, SeriesSchema schema) throws SQLException {
        super(pool, flavor, tracksCommits, "INSERT into " + Tables.quote(schema.tableName()));
        this.schema = schema;
        this.binder = new RowBinder(schema);
        this.fieldsPerRow = io.dbharness.core.encode.SchemaColumns.count(schema);
        this.rowsPerStatement = Math.max(1, MAX_PARAMETERS / fieldsPerRow);
        start();
    }

    @Override
    protected void open(Connection c) {
        // statements are prepared on first use, per size
    }

    @Override
    protected void release() {
        RowBinder.closeQuietly(full);
        RowBinder.closeQuietly(tail);
        full = null;
        tail = null;
    }

    /** One statement commits on its own; several must commit together. */
    @Override
    protected boolean needsTransaction(RowBatch batch) {
        return batch.size() > rowsPerStatement;
    }

    @Override
    protected WriteResult send(RowBatch batch) throws SQLException {
        long bytes = 0;
        long stored = 0;
        int size = batch.size();
        for (int start = 0; start < size; start += rowsPerStatement) {
            int n = Math.min(rowsPerStatement, size - start);
            PreparedStatement ps = statement(n);
            for (int i = 0; i < n; i++) {
                bytes += binder.bind(ps, 1 + i * fieldsPerRow, batch, start + i);
            }
            stored += ps.executeUpdate();
        }
        return new WriteResult(stored, size - stored, bytes);
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
}
