package io.dbharness.core.api;

/** Writes batches for one worker. Not thread-safe. */
public interface BatchWriter extends AutoCloseable {

    /**
     * Writes every row of {@code batch} durably (committed) or throws. The batch may be reused by the caller
     * as soon as this returns.
     */
    WriteResult write(RowBatch batch) throws TargetException;

    /**
     * Runs the encoding path on {@code batch} without sending anything, so the JIT compiles it before the
     * clock starts and a short run measures the target rather than the harness's warm-up.
     */
    default void warmUp(RowBatch batch) {
    }

    @Override
    void close();
}
