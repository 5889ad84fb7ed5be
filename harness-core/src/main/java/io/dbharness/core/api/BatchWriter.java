package io.dbharness.core.api;

/** Writes batches for one worker. Not thread-safe, except {@link #cancel()}. */
public interface BatchWriter extends AutoCloseable {

    /**
     * Writes every row of {@code batch} durably (committed) or throws. The batch may be reused by the caller
     * as soon as this returns. A failure says through {@link TargetException#fate()} whether the batch can
     * have been stored.
     */
    WriteResult write(RowBatch batch) throws TargetException;

    /**
     * Runs the encoding path on {@code batch} without sending anything, so the JIT compiles it before the
     * clock starts and a short run measures the target rather than the harness's warm-up.
     */
    default void warmUp(RowBatch batch) {
    }

    /** Whether writing the same rows twice stores them once (InfluxDB points, upserts). */
    default boolean idempotent() {
        return false;
    }

    /** See {@link WorkerSession#reconnect()}. */
    default boolean reconnect() throws TargetException {
        return false;
    }

    /**
     * After {@link #reconnect()}: whether the last write, whose fate was UNKNOWN, was stored, and then what it
     * stored; see {@link Operation#resolve()}. The default cannot tell.
     */
    default Resolution resolveLastWrite() throws TargetException {
        return Resolution.UNKNOWN;
    }

    /** See {@link WorkerSession#cancel()}. */
    default void cancel() {
    }

    @Override
    void close();
}
