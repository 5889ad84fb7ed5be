package io.dbharness.core.api;

/** Writes batches for one worker. Not thread-safe. */
public interface BatchWriter extends AutoCloseable {

    /**
     * Writes every row of {@code batch} durably (committed) or throws. The batch may be reused by the caller
     * as soon as this returns.
     */
    WriteResult write(RowBatch batch) throws TargetException;

    @Override
    void close();
}
