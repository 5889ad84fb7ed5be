package io.dbharness.core.api;

/**
 * One unit of work the engine times: a batch write, a query, a transaction. The engine may call
 * {@link #execute()} again after a failure that left nothing behind ({@link Fate#NOT_APPLIED}), or after
 * any failure when the operation is {@link #idempotent()}.
 */
public interface Operation {

    /** Histogram name, e.g. {@code insert}. */
    String type();

    /** Rows this operation carries, known before it runs (the open model paces by it); 0 for a query. */
    long rows();

    OpResult execute() throws TargetException;

    /**
     * In the closed model, the {@link System#nanoTime()} before which this operation must not start (a terminal's
     * keying and think time); the wait is not in its latency, and an operation due after the run's end never
     * starts. 0 for at once.
     */
    default long notBeforeNanos() {
        return 0;
    }

    /**
     * The {@link System#nanoTime()} its latency runs from when that is before the engine got it, read once it
     * ended: a freshness sample's write acknowledgement, so the time measured is from the acknowledgement to
     * the query that saw the row. 0 (the default) for from its start, or its intended start in the open model.
     */
    default long measuredFromNanos() {
        return 0;
    }

    /** Whether executing it twice leaves the target as executing it once (reads, upserts, InfluxDB points). */
    default boolean idempotent() {
        return false;
    }

    /**
     * Whether an attempt cut off by {@code --op-timeout} is a failure (retried, then an error counted against
     * {@code --max-errors}), as for a write; or, for a query, a measured outcome: counted as a timeout, neither
     * retried nor an error, and the run goes on.
     */
    default boolean timeoutIsFailure() {
        return true;
    }

    /**
     * Called after the session reconnected when the last attempt's fate was UNKNOWN: asks the target what
     * became of it (for example the commit status of the attempt's transaction id). The default cannot tell.
     */
    default Resolution resolve() throws TargetException {
        return Resolution.UNKNOWN;
    }
}
