package io.dbharness.core.measure;

import io.dbharness.core.api.OpResult;
import io.dbharness.core.api.RunTotals;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.result.ErrorSummary;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.OperationStats;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters and latency histograms for one run. Workers record concurrently (wait-free HdrHistogram
 * recorders, striped adders); one sampler thread takes interval snapshots.
 */
public final class Measurements {

    /** Latencies are kept in microseconds: 1 us resolution up to hours, 3 significant digits. */
    private static final int DIGITS = 3;

    private final Map<String, Recorder> recorders = new ConcurrentHashMap<>();
    private final Map<String, Histogram> cumulative = new TreeMap<>();
    private final Map<String, ErrorCounter> errors = new ConcurrentHashMap<>();
    private final LongAdder operations = new LongAdder();
    private final LongAdder rows = new LongAdder();
    private final LongAdder skippedRows = new LongAdder();
    private final LongAdder points = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final LongAdder errorCount = new LongAdder();
    private final LongAdder failedRows = new LongAdder();
    private final LongAdder retries = new LongAdder();

    private long lastRows;
    private long lastPoints;
    private long lastBytes;
    private long lastErrors;
    private double lastEndSeconds;
    private Histogram intervalScratch;

    /**
     * Runs the recording path once on a throw-away recorder, so class loading and call-site linking
     * (several milliseconds) happen before the clock starts rather than inside the first operation.
     */
    public void prepare() {
        String scratch = "\0prepare";
        recorder(scratch).recordValue(1);
        recorders.remove(scratch);
        new OpResult(0, 0, 0, 0).rows();
        rows.add(0);
    }

    public void recordSuccess(String type, OpResult r, long latencyNanos) {
        recorder(type).recordValue(Math.max(1, latencyNanos / 1000));
        operations.increment();
        rows.add(r.rows());
        skippedRows.add(r.skippedRows());
        points.add(r.points());
        bytes.add(r.bytes());
    }

    /** A failed operation whose target kept {@code rowsStored} of its rows (a partial write). */
    public void recordPartial(String type, long rowsStored, long rowsSkipped, long rowsLost, TargetException e) {
        rows.add(rowsStored);
        skippedRows.add(rowsSkipped);
        recordFailure(type, rowsLost, e);
    }

    public void recordFailure(String type, long rowsLost, TargetException e) {
        operations.increment();
        errorCount.increment();
        failedRows.add(rowsLost);
        errors.computeIfAbsent(e.kind() + "|" + e.vendorCode(), k -> new ErrorCounter(e)).count.increment();
    }

    public void recordRetry() {
        retries.increment();
    }

    private Recorder recorder(String type) {
        return recorders.computeIfAbsent(type, t -> new Recorder(DIGITS));
    }

    public RunTotals totals() {
        return new RunTotals(operations.sum(), rows.sum(), skippedRows.sum(), points.sum(), bytes.sum(),
                errorCount.sum(), failedRows.sum(), retries.sum());
    }

    /** Closes the current interval; call from one thread only. */
    public synchronized IntervalSample sample(double endSeconds) {
        Histogram merged = null;
        for (Map.Entry<String, Recorder> e : recorders.entrySet()) {
            intervalScratch = e.getValue().getIntervalHistogram(intervalScratch);
            cumulative.computeIfAbsent(e.getKey(), k -> new Histogram(DIGITS)).add(intervalScratch);
            if (merged == null) {
                merged = new Histogram(DIGITS);
            }
            merged.add(intervalScratch);
        }
        long r = rows.sum();
        long p = points.sum();
        long b = bytes.sum();
        long err = errorCount.sum();
        double secs = Math.max(1e-9, endSeconds - lastEndSeconds);
        IntervalSample s = new IntervalSample(endSeconds, secs, r - lastRows, p - lastPoints, b - lastBytes,
                err - lastErrors, (r - lastRows) / secs, (p - lastPoints) / secs, (b - lastBytes) / secs / 1e6,
                millis(merged, 50), millis(merged, 99), merged == null || merged.getTotalCount() == 0 ? 0
                : merged.getMaxValue() / 1000.0);
        lastRows = r;
        lastPoints = p;
        lastBytes = b;
        lastErrors = err;
        lastEndSeconds = endSeconds;
        return s;
    }

    /** Whole-run latency per operation type; call after the last {@link #sample}. */
    public synchronized List<OperationStats> operationStats() {
        List<OperationStats> out = new ArrayList<>();
        for (Map.Entry<String, Histogram> e : cumulative.entrySet()) {
            Histogram h = e.getValue();
            if (h.getTotalCount() == 0) {
                continue;
            }
            out.add(new OperationStats(e.getKey(), h.getTotalCount(), h.getMean() / 1000.0, millis(h, 50),
                    millis(h, 95), millis(h, 99), millis(h, 99.9), h.getMaxValue() / 1000.0, encode(h)));
        }
        return out;
    }

    public List<ErrorSummary> errorSummaries() {
        List<ErrorSummary> out = new ArrayList<>();
        for (ErrorCounter c : errors.values()) {
            out.add(new ErrorSummary(c.kind, c.code, c.count.sum(), c.firstMessage));
        }
        out.sort((a, b) -> Long.compare(b.count(), a.count()));
        return out;
    }

    private static double millis(Histogram h, double percentile) {
        return h == null || h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile) / 1000.0;
    }

    private static String encode(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int len = h.encodeIntoCompressedByteBuffer(buf);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buf.array(), len));
    }

    private static final class ErrorCounter {
        final String kind;
        final String code;
        final String firstMessage;
        final LongAdder count = new LongAdder();

        ErrorCounter(TargetException e) {
            this.kind = e.kind().name();
            this.code = e.vendorCode();
            this.firstMessage = String.valueOf(e.getMessage());
        }
    }
}
