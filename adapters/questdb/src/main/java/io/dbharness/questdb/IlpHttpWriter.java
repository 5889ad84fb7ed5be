package io.dbharness.questdb;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.PartialWriteException;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.WriteResult;
import io.dbharness.core.encode.ByteSink;
import io.dbharness.core.encode.LinePrecision;
import io.dbharness.core.encode.LineProtocolEncoder;

import io.dbharness.http.HttpFailure;
import io.dbharness.http.HttpFailures;
import io.dbharness.http.HttpPoster;
import io.dbharness.http.Response;

import java.util.List;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * Posts each batch as line protocol to QuestDB's {@code /write}. The encoder writes the whole batch into one
 * reused buffer, and the request body is a view of that buffer (no copy); {@code send} is synchronous, so
 * the buffer is free again when it returns. QuestDB commits each request as one transaction before it
 * answers 204, so a returned write is durable in the table's WAL.
 *
 * <p>A batch of more than {@code batchLines} lines is sent as several requests, each its own transaction: if
 * a later one fails, the earlier ones stay, and the message says how many lines were committed.
 *
 * <p>With {@code --precision auto} each batch goes in the coarsest unit that carries all its timestamps
 * (seconds for the default 1 s step): shorter lines, and the server parses fewer digits.
 *
 * <p>With line protocol version 2 ({@link IlpVersion}) doubles go in binary; the posts of a batch are cut at the
 * encoder's line ends, as a binary double may hold a newline byte.
 */
final class IlpHttpWriter implements BatchWriter {

    private final IlpHttp http;
    private static final List<String> CONTENT_TYPE = List.of("Content-Type: text/plain; charset=utf-8");

    private final HttpPoster connection;
    private final SeriesSchema schema;
    private final Optional<LinePrecision> fixed;
    private final int batchLines;
    private final boolean binaryDoubles;
    private final Map<LinePrecision, LineProtocolEncoder> encoders = new EnumMap<>(LinePrecision.class);
    private final Map<LinePrecision, String> paths = new EnumMap<>(LinePrecision.class);
    private final ByteSink sink = new ByteSink(1 << 20);
    private final String context;

    /** A post failed at the connection: the next {@link #reconnect} has a new connection to report. */
    private boolean broken;

    /** @param opTimeout {@code --op-timeout}: the deadline of one post */
    IlpHttpWriter(IlpHttp http, SeriesSchema schema, Optional<LinePrecision> fixed, int batchLines,
                  IlpVersion version, java.time.Duration opTimeout) {
        this.binaryDoubles = version.binaryDoubles();
        this.http = http;
        this.schema = schema;
        this.fixed = fixed;
        this.batchLines = batchLines;
        this.context = "a line-protocol write into " + QuestDbTables.quote(schema.tableName());
        this.connection = http.openWriteConnection(opTimeout);
    }

    @Override
    public void warmUp(RowBatch batch) {
        encode(batch);
    }

    private LineProtocolEncoder encode(RowBatch batch) {
        LinePrecision p = fixed.orElseGet(() -> LinePrecision.coarsest(batch.tsMicros(), batch.size()));
        LineProtocolEncoder enc = encoders.computeIfAbsent(p, k -> new LineProtocolEncoder(schema, k, binaryDoubles));
        sink.reset();
        try {
            enc.encode(batch, sink);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage()); // a --precision too coarse for the data
        }
        return enc;
    }

    @Override
    public WriteResult write(RowBatch batch) throws TargetException {
        LineProtocolEncoder enc = encode(batch);
        int skipped = enc.skippedRows();
        int lines = batch.size() - skipped;
        if (lines == 0) {
            return new WriteResult(0, skipped, 0);
        }
        String uri = paths.computeIfAbsent(enc.precision(), p -> "/write?precision=" + p.v1Name());
        int len = sink.length();
        if (lines <= batchLines) {
            post(uri, 0, len, 0, lines, lines, skipped);
        } else {
            postInChunks(enc, uri, lines, skipped);
        }
        return new WriteResult(lines, skipped, len);
    }

    private void postInChunks(LineProtocolEncoder enc, String uri, int lines, int skipped) throws TargetException {
        int start = 0;
        for (int committed = 0; committed < lines; committed += batchLines) {
            int inChunk = Math.min(batchLines, lines - committed);
            int end = enc.lineEnd(committed + inChunk - 1);
            post(uri, start, end - start, committed, inChunk, lines, skipped);
            start = end;
        }
    }

    /**
     * Once an earlier post of the batch is committed, a failure is a partial write: those rows are counted as
     * written and the batch is not retried whole (QuestDB would store them twice). A post cut off after it
     * was sent whole may have been stored: its lines are unknown; posts never sent are failed.
     *
     * @param postLines lines in this post
     */
    private void post(String pathAndQuery, int off, int len, int committedBefore, int postLines, int lines, int skipped)
            throws TargetException {
        TargetException failure;
        long unknown = 0;
        try {
            Response response = connection.post(pathAndQuery, CONTENT_TYPE, sink.array(), off, len);
            if (response.ok()) {
                return;
            }
            String what = committedBefore == 0 ? context
                    : context + " (" + committedBefore + " of " + lines + " lines of the batch were committed before)";
            failure = http.failure(response.status(), response.body(), what);
        } catch (HttpFailure f) {
            broken = true;
            failure = HttpFailures.toTarget(f, "QuestDB at " + http.display() + ", " + context + ": " + f.getMessage(), false);
            unknown = f.requestSent() ? postLines : 0;
        }
        if (committedBefore > 0) {
            throw new PartialWriteException(failure.kind(), failure.vendorCode(), failure.getMessage(), committedBefore,
                    skipped, unknown);
        }
        throw failure;
    }

    /** The poster opens a new connection by itself; this waits until the server answers {@code /ping} again. */
    @Override
    public boolean reconnect() throws TargetException {
        http.probe();
        boolean reopened = broken;
        broken = false;
        return reopened;
    }

    @Override
    public void cancel() {
        connection.cancel();
    }

    @Override
    public void close() {
        connection.close();
    }
}
