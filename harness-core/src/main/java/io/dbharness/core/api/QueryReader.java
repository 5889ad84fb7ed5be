package io.dbharness.core.api;

import java.util.Optional;

/** Runs compiled queries on one connection; one per worker. */
public interface QueryReader extends AutoCloseable {

    /**
     * Runs {@code query} with {@code params}. With {@code keepRows} the answer carries every value; without,
     * only the number of rows (every row is still read from the target).
     */
    QueryAnswer run(CompiledQuery query, QueryParams params, boolean keepRows) throws TargetException;

    /** The target's plan for {@code query} with {@code params} (EXPLAIN); empty when the language has none. */
    default Optional<String> explain(CompiledQuery query, QueryParams params) throws TargetException {
        return Optional.empty();
    }

    /** As {@link WorkerSession#reconnect()}. */
    default boolean reconnect() throws TargetException {
        return false;
    }

    /** As {@link WorkerSession#cancel()}: from another thread, escalating when called again. */
    default void cancel() {
    }

    @Override
    void close();
}
