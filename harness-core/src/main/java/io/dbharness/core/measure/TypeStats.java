package io.dbharness.core.measure;

import io.dbharness.core.api.Counts;
import io.dbharness.core.api.OpResult;
import io.dbharness.core.api.TargetException;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters and the latency recorder of one operation type in one group. Workers record concurrently
 * (a wait-free HdrHistogram recorder, striped adders); the sampler reads under {@link Measurements}'s lock.
 */
public final class TypeStats {

    /** Microseconds: 1 us resolution up to hours, 3 significant digits. */
    static final int DIGITS = 3;

    final String group;
    final String type;
    /** The measurements' generation these stats belong to (a new one begins when the warm-up ends). */
    final int generation;
    final Recorder recorder = new Recorder(DIGITS);
    /** The sampler's: each type swaps its own scratch, so two types never share one (HdrHistogram refuses that). */
    Histogram scratch;
    final Histogram cumulative = new Histogram(DIGITS);

    final LongAdder completed = new LongAdder();
    final LongAdder rolledBack = new LongAdder();
    final LongAdder errors = new LongAdder();
    final LongAdder timeouts = new LongAdder();
    final LongAdder retries = new LongAdder();
    final LongAdder reconnects = new LongAdder();
    final LongAdder endedCut = new LongAdder();
    final LongAdder settledOps = new LongAdder();
    final LongAdder rows = new LongAdder();
    final LongAdder skippedRows = new LongAdder();
    final LongAdder failedRows = new LongAdder();
    final LongAdder unknownRows = new LongAdder();
    final LongAdder points = new LongAdder();
    final LongAdder bytes = new LongAdder();
    final LongAdder returnedRows = new LongAdder();
    final Map<String, ErrorClass> errorClasses = new ConcurrentHashMap<>();

    /** The sampler's previous reading, for interval deltas. */
    Counts last = Counts.ZERO;

    TypeStats(String group, String type, int generation) {
        this.group = group;
        this.type = type;
        this.generation = generation;
    }

    public String type() {
        return type;
    }

    /** A completed operation (ok or an expected rollback), {@code latencyNanos} from its intended start. */
    public void completed(OpResult r, long latencyNanos) {
        recorder.recordValue(Math.max(1, latencyNanos / 1000));
        completed.increment();
        if (r.outcome() == OpResult.Outcome.ROLLED_BACK) {
            rolledBack.increment();
        }
        rows.add(r.rows());
        skippedRows.add(r.skippedRows());
        points.add(r.points());
        bytes.add(r.bytes());
        returnedRows.add(r.returnedRows());
    }

    /**
     * A failed operation: {@code rowsWritten} of its rows stored all the same (a partial write),
     * {@code rowsSkipped} not stored by design, {@code rowsUnknown} perhaps stored, {@code rowsFailed} not.
     */
    public void failed(TargetException e, long rowsWritten, long rowsSkipped, long rowsFailed, long rowsUnknown) {
        errors.increment();
        rows.add(rowsWritten);
        skippedRows.add(rowsSkipped);
        failedRows.add(rowsFailed);
        unknownRows.add(rowsUnknown);
        errorClasses.computeIfAbsent(e.kind() + "|" + e.vendorCode(), k -> new ErrorClass(e)).count.increment();
    }

    /**
     * An operation the end of the run cut off (cancelled past --duration's grace, or at a stop): not an error, but
     * its rows are accounted for, {@code rowsFailed} certainly not stored and {@code rowsUnknown} perhaps.
     */
    public void endedByRunEnd(long rowsFailed, long rowsUnknown) {
        endedCut.increment();
        failedRows.add(rowsFailed);
        unknownRows.add(rowsUnknown);
    }

    /** An operation whose outcome was lost with its connection, then learned from the target. */
    public void settled() {
        settledOps.increment();
    }

    /**
     * A query cut off by {@code --op-timeout}: neither completed nor an error, but its wait (until the cut) goes
     * into the latency, so the percentiles do not describe only the queries fast enough to finish.
     */
    public void cutOff(long latencyNanos) {
        recorder.recordValue(Math.max(1, latencyNanos / 1000));
    }

    /** An attempt cancelled past its deadline or at the end of the run; retried or not. */
    public void timedOut() {
        timeouts.increment();
    }

    public void retried() {
        retries.increment();
    }

    public void reconnected() {
        reconnects.increment();
    }

    long operations() {
        return completed.sum() + errors.sum();
    }

    /** The counters as they stand: read by the sampler, never on the workers' path. */
    Counts counts() {
        return new Counts(operations(), rows.sum(), skippedRows.sum(), points.sum(), bytes.sum(), errors.sum(),
                failedRows.sum(), unknownRows.sum(), rolledBack.sum(), timeouts.sum(), retries.sum(),
                reconnects.sum(), endedCut.sum(), settledOps.sum());
    }

    static final class ErrorClass {
        final String kind;
        final String code;
        final String firstMessage;
        final LongAdder count = new LongAdder();

        ErrorClass(TargetException e) {
            this.kind = e.kind().name();
            this.code = e.vendorCode();
            this.firstMessage = String.valueOf(e.getMessage());
        }
    }
}
