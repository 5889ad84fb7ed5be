package io.dbharness.postgres;

import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.WriteResult;

import javax.sql.DataSource;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Single-row INSERTs sent with JDBC batching ({@code reWriteBatchedInserts=false}), the path a typical
 * application takes. The batch runs in one transaction so a failure leaves nothing half written, as COPY
 * does. Rows count as written by the server's update counts, so a row an {@code ON CONFLICT DO NOTHING}
 * dropped is counted as skipped, not written.
 */
final class InsertBatchWriter extends PgWriter {

    private final RowBinder binder;
    private final String sql;
    private PreparedStatement insert;

    InsertBatchWriter(DataSource pool, PgFlavor flavor, boolean tracksCommits, SeriesSchema schema) throws SQLException {
        super(pool, flavor, tracksCommits, "INSERT into " + Tables.quote(schema.tableName()));
        this.binder = new RowBinder(schema);
        this.sql = Tables.render(flavor, "insert", schema, java.util.Map.of("rows", RowBinder.placeholders(schema)));
        start();
    }

    @Override
    protected void open(Connection c) throws SQLException {
        insert = c.prepareStatement(sql);
    }

    @Override
    protected void release() {
        RowBinder.closeQuietly(insert);
        insert = null;
    }

    @Override
    protected boolean needsTransaction(RowBatch batch) {
        return true;
    }

    @Override
    protected WriteResult send(RowBatch batch) throws SQLException {
        long bytes = 0;
        try {
            for (int r = 0; r < batch.size(); r++) {
                bytes += binder.bind(insert, 1, batch, r);
                insert.addBatch();
            }
            long stored = 0;
            for (int n : insert.executeBatch()) {
                stored += n == Statement.SUCCESS_NO_INFO ? 1 : Math.max(0, n);
            }
            return new WriteResult(stored, batch.size() - stored, bytes);
        } catch (BatchUpdateException b) {
            insert.clearBatch();
            throw b.getNextException() != null ? b.getNextException() : b;
        }
    }
}
