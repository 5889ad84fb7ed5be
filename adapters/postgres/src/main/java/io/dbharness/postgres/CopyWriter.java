package io.dbharness.postgres;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.WriteResult;
import io.dbharness.core.encode.ByteSink;
import io.dbharness.core.encode.EncoderFormat;
import io.dbharness.core.encode.RowEncoder;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * One COPY per batch, fed from one reused buffer: the encoder writes the whole batch, the driver sends it in
 * one call, so there is no stream or object per row. Each COPY commits on its own (autocommit).
 */
final class CopyWriter implements BatchWriter {

    private final Connection connection;
    private final CopyChannel copy;
    private final RowEncoder encoder;
    private final ByteSink sink = new ByteSink(256 * 1024);
    private final String sql;
    private final String context;

    CopyWriter(Connection connection, PgFlavor flavor, SeriesSchema schema, EncoderFormat format) throws SQLException {
        this.connection = connection;
        this.copy = flavor.copyChannel(connection);
        this.encoder = format.create(schema);
        this.sql = Tables.render(flavor, format == EncoderFormat.COPY_BINARY ? "copy_binary" : "copy_text", schema, java.util.Map.of());
        this.context = "COPY into " + Tables.quote(schema.tableName());
    }

    @Override
    public void warmUp(RowBatch batch) {
        encode(batch);
    }

    private void encode(RowBatch batch) {
        sink.reset();
        encoder.begin(sink);
        encoder.encode(batch, sink);
        encoder.end(sink);
    }

    @Override
    public WriteResult write(RowBatch batch) throws TargetException {
        encode(batch);
        try {
            long rows = copy.copy(sql, sink.array(), 0, sink.length());
            return new WriteResult(rows, 0, sink.length());
        } catch (SQLException e) {
            throw SqlErrors.classify(e, context);
        }
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // the pool evicts a broken connection itself; nothing to report at close
        }
    }
}
