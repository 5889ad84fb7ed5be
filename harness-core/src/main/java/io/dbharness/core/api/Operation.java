package io.dbharness.core.api;

/**
 * One unit of work the engine times: a batch write, a query, a transaction. The engine may call
 * {@link #execute()} again after a RETRYABLE failure.
 */
public interface Operation {

    /** Histogram name, e.g. {@code insert}. */
    String type();

    /** Rows this operation carries, known before it runs (the open model paces by it). */
    long rows();

    OpResult execute() throws TargetException;
}
