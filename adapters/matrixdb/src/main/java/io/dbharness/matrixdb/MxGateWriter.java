package io.dbharness.matrixdb;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.WriteResult;
import io.dbharness.core.encode.ByteSink;
import io.dbharness.http.HttpFailure;
import io.dbharness.http.HttpFailures;
import io.dbharness.http.HttpPoster;
import io.dbharness.http.Response;

import java.util.List;

/**
 * Posts each batch to MatrixGate as one body over one keep-alive connection per worker. The body is
 * encoded into a reused buffer and sent from it (or from a reused gzip buffer), so a batch costs no
 * allocation beyond the HTTP head.
 *
 * <p>A 204 means MatrixGate took every line; it then loads them in its own micro-batches, so a row counted
 * here reaches the table a flush interval later. A 200 carries per-line errors: the batch fails with the
 * count and the first reasons (MatrixGate loads the other lines of the body).
 */
final class MxGateWriter implements BatchWriter {

    private static final List<String> PLAIN = List.of("Content-Type: text/plain");
    private static final List<String> GZIP = List.of("Content-Type: text/plain", "Content-Encoding: gzip");

    private final MxGateUrl url;
    private final HttpPoster connection;
    private final MxGateEncoder encoder;
    private final GzipBody gzip;
    private final ByteSink sink = new ByteSink(1 << 20);
    private final String target;

    private final boolean idempotent;
    /** A post failed at the connection: the next {@link #reconnect} has a new connection to report. */
    private boolean broken;

    /**
     * @param opTimeout  the deadline of one post
     * @param idempotent whether the table merges rows with the same key (unique mode), so a body in doubt may be resent
     */
    MxGateWriter(MxGateUrl url, boolean gzip, MxGateEncoder encoder, String target, java.time.Duration opTimeout,
                 boolean idempotent) {
        this.url = url;
        this.connection = url.connection(opTimeout);
        this.encoder = encoder;
        this.gzip = gzip ? new GzipBody() : null;
        this.target = target;
        this.idempotent = idempotent;
    }

    @Override
    public void warmUp(RowBatch batch) {
        try {
            encoder.body(batch, sink);
        } catch (MxGateEncoder.SubSecondTimestamp ignored) {
            // reported by the first write
        }
    }

    @Override
    public WriteResult write(RowBatch batch) throws TargetException {
        try {
            encoder.body(batch, sink);
        } catch (MxGateEncoder.SubSecondTimestamp e) {
            throw new TargetException(TargetException.Kind.FATAL, null, e.getMessage(), null);
        }
        ByteSink body = gzip == null ? sink : gzip.compress(sink.array(), sink.length());
        Response r;
        try {
            r = connection.post(url.path(), gzip == null ? PLAIN : GZIP, body.array(), 0, body.length());
        } catch (HttpFailure f) {
            broken = true;
            TargetException e = MxGateErrors.unreachable(url, f);
            // a body cut off after it went out whole may be loaded: its rows are then of unknown fate
            throw HttpFailures.toTarget(f, e.getMessage(), false);
        }
        if (r.status() == 200) {
            List<String> errors = MxGateErrors.lineErrors(r.body());
            if (!errors.isEmpty()) {
                throw MxGateErrors.rejected(errors, batch.size(), target);
            }
        } else if (r.status() != 204 && !r.ok()) {
            throw MxGateErrors.status(r, target);
        }
        return new WriteResult(batch.size(), 0, body.length());
    }

    @Override
    public boolean idempotent() {
        return idempotent;
    }

    /** The poster opens a new connection by itself; this waits until MatrixGate accepts connections again. */
    @Override
    public boolean reconnect() throws TargetException {
        try {
            url.probe();
        } catch (java.io.IOException e) {
            throw MxGateErrors.unreachable(url, e);
        }
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
        if (gzip != null) {
            gzip.close();
        }
    }
}
