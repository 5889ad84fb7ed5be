package io.dbharness.postgres;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.WriteResult;

import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Single-row INSERTs sent with JDBC batching ({@code reWriteBatchedInserts=false}), the path a typical
 * application takes. The batch runs in one transaction so a failure leaves nothing half written, as COPY does.
 */
final class InsertBatchWriter implements BatchWriter {

    private final Connection connection;
    private final PreparedStatement insert;
    private final RowBinder binder;
    private final String context;

    InsertBatchWriter(Connection connection, PgFlavor flavor, SeriesSchema schema) throws SQLException {
        this.connection = connection;
        this.binder = new RowBinder(schema);
        this.insert = connection.prepareStatement(Tables.render(flavor, "insert", schema,
                java.util.Map.of("rows", RowBinder.placeholders(schema))));
        this.context = "INSERT into " + Tables.quote(schema.tableName());
    }

    @Override
    public WriteResult write(RowBatch batch) throws TargetException {
        long bytes = 0;
        try {
            connection.setAutoCommit(false);
            for (int r = 0; r < batch.size(); r++) {
                bytes += binder.bind(insert, 1, batch, r);
                insert.addBatch();
            }
            insert.executeBatch();
            connection.commit();
            return new WriteResult(batch.size(), 0, bytes);
        } catch (SQLException e) {
            SQLException cause = e instanceof BatchUpdateException b && b.getNextException() != null ? b.getNextException() : e;
            rollback(e);
            throw SqlErrors.classify(cause, context);
        } finally {
            restoreAutoCommit();
        }
    }

    private void rollback(SQLException e) {
        try {
            insert.clearBatch();
            connection.rollback();
        } catch (SQLException suppressed) {
            e.addSuppressed(suppressed);
        }
    }

    private void restoreAutoCommit() {
        try {
            connection.setAutoCommit(true);
        } catch (SQLException ignored) {
            // a broken connection fails the next write, which reports it
        }
    }

    @Override
    public void close() {
        RowBinder.closeQuietly(insert);
        RowBinder.closeQuietly(connection);
    }
}
