package io.dbharness.core.api;

/** What one worker thread does; not shared between threads. */
public interface WorkerSession extends AutoCloseable {

    /** The next operation, or null when this worker has nothing more to do. */
    Operation next() throws TargetException;

    @Override
    void close();
}
