package io.dbharness.influx;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.Fate;
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

import java.net.URI;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;

/**
 * One worker's writes: encodes the engine's batch once into a reused buffer, then posts it in slices of
 * {@code --batch-lines} lines (cut at line ends, no copy). Throttling (429, 503) is retried here, per slice,
 * honouring {@code Retry-After}: the slices already accepted are not sent again, and the engine's own
 * backoff cannot know the server's hint.
 *
 * <p>InfluxDB identifies a point by measurement, tag set and timestamp and overwrites it when written again,
 * so the writer is {@link #idempotent()}: a batch whose post timed out or lost its connection (stored or
 * not, nobody can tell) is sent again whole by the engine, earlier slices included, and counted once. A
 * slice the server refused (400, a status other than throttling) after earlier slices were stored is a
 * partial write: those count as written, the rest as failed.
 */
final class LineWriter implements BatchWriter {

    static final int THROTTLE_RETRIES = 5;
    private static final long FIRST_BACKOFF_MILLIS = 100;
    private static final long MAX_WAIT_MILLIS = 30_000;
    /** A throttled write waits within its own --op-timeout, and a cancel (timeout, Ctrl-C) ends the wait. */
    private final long opTimeoutNanos;
    private long writeDeadline;
    private volatile boolean cancelRequested;
    private volatile Thread writer;

    private final SeriesSchema schema;
    private final InfluxHttp http;
    private final Optional<LinePrecision> fixedPrecision;
    private final URI[] uris = new URI[LinePrecision.values().length];
    private final LineProtocolEncoder[] encoders = new LineProtocolEncoder[LinePrecision.values().length];
    private final int batchLines;
    private final GzipBuffer gzip;
    private final String where;
    private final String who;
    private final ByteSink sink = new ByteSink(1 << 20);
    private final HttpPoster connection;
    /** A post failed at the connection: the next {@link #reconnect} has a new connection to report. */
    private boolean broken;

    LineWriter(SeriesSchema schema, InfluxHttp http, StoreAdmin admin, InfluxConfig config, String who) {
        this.schema = schema;
        this.http = http;
        this.fixedPrecision = config.precision();
        for (LinePrecision p : LinePrecision.values()) {
            uris[p.ordinal()] = admin.writeUri(p);
        }
        this.batchLines = config.batchLines();
        this.gzip = config.gzip() ? new GzipBuffer() : null;
        this.where = admin.store() + ", measurement " + schema.tableName();
        this.who = who;
        this.connection = http.openWriteConnection(config.opTimeout());
        this.opTimeoutNanos = config.opTimeout().toNanos();
    }

    @Override
    public WriteResult write(RowBatch batch) throws TargetException {
        cancelRequested = false;
        writer = Thread.currentThread();
        writeDeadline = System.nanoTime() + opTimeoutNanos;
        LineProtocolEncoder encoder = encode(batch);
        byte[] b = sink.array();
        int end = sink.length();
        int skipped = encoder.skippedRows();
        int start = 0;
        int lines = 0;
        long committed = 0;
        for (int i = 0; i < end; i++) {
            if (b[i] == '\n' && ++lines == batchLines) {
                post(encoder.precision(), b, start, i + 1 - start, lines, committed, skipped);
                committed += lines;
                start = i + 1;
                lines = 0;
            }
        }
        if (start < end) {
            post(encoder.precision(), b, start, end - start, lines, committed, skipped);
        }
        return new WriteResult(batch.size() - skipped, skipped, end);
    }

    @Override
    public void warmUp(RowBatch batch) {
        encode(batch);
        sink.reset();
    }

    private LineProtocolEncoder encode(RowBatch batch) {
        LinePrecision p = fixedPrecision.orElseGet(() -> LinePrecision.coarsest(batch.tsMicros(), batch.size()));
        LineProtocolEncoder encoder = encoders[p.ordinal()];
        if (encoder == null) {
            encoder = new LineProtocolEncoder(schema, p);
            encoders[p.ordinal()] = encoder;
        }
        sink.reset();
        try {
            encoder.encode(batch, sink);
        } catch (IllegalArgumentException e) { // a timestamp finer than --precision
            throw new UsageException(e.getMessage());
        }
        return encoder;
    }

    private void post(LinePrecision precision, byte[] body, int off, int len, int lines, long committedBefore,
                      long skipped) throws TargetException {
        byte[] data = body;
        int dataOff = off;
        int dataLen = len;
        if (gzip != null) {
            gzip.compress(body, off, len);
            data = gzip.array();
            dataOff = 0;
            dataLen = gzip.length();
        }
        for (int attempt = 0; ; attempt++) {
            Response r;
            try {
                r = http.write(connection, uris[precision.ordinal()], data, dataOff, dataLen, gzip != null);
            } catch (HttpFailure f) {
                broken = true;
                throw HttpFailures.toTarget(f, "write to InfluxDB " + where + ": " + f.getMessage(), committedBefore > 0);
            }
            if (r.ok()) {
                return;
            }
            if (r.status() == 400) {
                throw InfluxErrors.rejectedWrite(r, lines, where, committedBefore, skipped);
            }
            boolean throttled = r.status() == 429 || r.status() == 503;
            if (!throttled || attempt >= THROTTLE_RETRIES || !throttleWait(waitMillis(r, attempt))) {
                throw failure(r, committedBefore, skipped);
            }
        }
    }

    /** Waits as the server asked; false when the write's deadline or a cancel comes first. */
    private boolean throttleWait(long millis) {
        long until = System.nanoTime() + millis * 1_000_000L;
        if (until - writeDeadline > 0) {
            return false; // it would end past --op-timeout: fail now, the engine decides about retrying
        }
        for (long left; (left = until - System.nanoTime()) > 0; ) {
            LockSupport.parkNanos(left);
            if (cancelRequested || Thread.interrupted()) {
                return false;
            }
        }
        return true;
    }

    /** A throttled or refused slice: the slices stored before it make the whole batch partial or of unknown fate. */
    private TargetException failure(Response r, long committedBefore, long skipped) {
        TargetException e = InfluxErrors.writeStatus(r, "write to " + where, who);
        if (committedBefore == 0) {
            return e;
        }
        if (e.kind() == TargetException.Kind.RETRYABLE) { // sent again whole: the stored slices are overwritten
            return new TargetException(e.kind(), Fate.UNKNOWN, e.vendorCode(), e.getMessage(), null);
        }
        return new PartialWriteException(e.kind(), e.vendorCode(), e.getMessage() + " (" + committedBefore
                + " lines of the batch were stored before)", committedBefore, skipped, 0);
    }

    /** {@code Retry-After} in seconds when the server gives it, else exponential backoff; capped either way. */
    static long waitMillis(Response r, int attempt) {
        Optional<String> hint = r.header("Retry-After");
        if (hint.isPresent()) {
            try {
                return Math.min(MAX_WAIT_MILLIS, Math.max(0, Long.parseLong(hint.get().trim())) * 1000);
            } catch (NumberFormatException httpDate) {
                // an HTTP date: fall back to our own backoff
            }
        }
        return Math.min(MAX_WAIT_MILLIS, FIRST_BACKOFF_MILLIS << Math.min(attempt, 16));
    }

    @Override
    public boolean idempotent() {
        return true;
    }

    /** The poster opens a new connection by itself; this waits until the server answers {@code /ping} again. */
    @Override
    public boolean reconnect() throws TargetException {
        http.requirePing(who);
        boolean reopened = broken;
        broken = false;
        return reopened;
    }

    @Override
    public void cancel() {
        cancelRequested = true;
        Thread t = writer;
        if (t != null) {
            LockSupport.unpark(t);
        }
        connection.cancel();
    }

    @Override
    public void close() {
        connection.close();
        if (gzip != null) {
            gzip.close();
        }
    }
}
