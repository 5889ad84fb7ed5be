package io.dbharness.postgres;

import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.WriteResult;
import io.dbharness.core.encode.ByteSink;
import io.dbharness.core.encode.EncoderFormat;
import io.dbharness.core.encode.RowEncoder;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * One COPY per batch, fed from one reused buffer: the encoder writes the whole batch, the driver sends it in
 * one call, so there is no stream or object per row. Each COPY commits on its own (autocommit), or inside the
 * tracked transaction of {@link PgWriter}.
 */
final class CopyWriter extends PgWriter {

    private final RowEncoder encoder;
    private final ByteSink sink = new ByteSink(256 * 1024);
    private final String sql;
    private CopyChannel copy;

    CopyWriter(DataSource pool, PgFlavor flavor, boolean tracksCommits, SeriesSchema schema, EncoderFormat format)
            throws SQLException {
        super(pool, flavor, tracksCommits, "COPY into " + Tables.quote(schema.tableName()));
        this.encoder = format.create(schema);
        this.sql = Tables.render(flavor, format == EncoderFormat.COPY_BINARY ? "copy_binary" : "copy_text", schema,
                java.util.Map.of());
        start();
    }

    @Override
    protected void open(Connection c) throws SQLException {
        copy = flavor.copyChannel(c);
    }

    @Override
    protected void release() {
        copy = null;
    }

    @Override
    protected boolean needsTransaction(RowBatch batch) {
        return false;
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
    protected boolean mayHaveCommitted(SQLException lost) {
        return lost instanceof CopyChannel.EndFailure;
    }

    @Override
    protected WriteResult send(RowBatch batch) throws SQLException {
        encode(batch);
        long rows = copy.copy(sql, sink.array(), 0, sink.length());
        return new WriteResult(rows, 0, sink.length());
    }
}
