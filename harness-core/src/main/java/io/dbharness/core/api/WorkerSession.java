package io.dbharness.core.api;

/** What one worker thread does; not shared between threads, except {@link #cancel()}. */
public interface WorkerSession extends AutoCloseable {

    /** The next operation, or null when this worker has nothing more to do. */
    Operation next() throws TargetException;

    /** Exercises the worker's hot path without touching the target; called before the clock starts. */
    default void warmUp() throws TargetException {
    }

    /**
     * Called after a lost connection or a timeout, before anything else: checks the connection and opens a
     * new one when it is broken. Returns whether a new connection was opened; throws (UNREACHABLE,
     * AUTHENTICATION) when the target cannot be reached yet. The engine calls it again with backoff.
     */
    default boolean reconnect() throws TargetException {
        return false;
    }

    /**
     * From another thread: make the operation in flight return soon (an operation past its timeout, a run
     * that is stopping). Called again while it has not returned, so an implementation may escalate: cancel
     * the statement first, close the socket next. Must not block for long.
     */
    default void cancel() {
    }

    @Override
    void close();
}
