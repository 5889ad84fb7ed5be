package io.dbharness.core.api;

/** What one worker thread does; not shared between threads. */
public interface WorkerSession extends AutoCloseable {

    /** The next operation, or null when this worker has nothing more to do. */
    Operation next() throws TargetException;

    /** Exercises the worker's hot path without touching the target; called before the clock starts. */
    default void warmUp() {
    }

    @Override
    void close();
}
