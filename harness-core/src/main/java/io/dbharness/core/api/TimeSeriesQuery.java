package io.dbharness.core.api;

/**
 * A target that answers queries over a telematics table: the query catalogue (each target's own text, kept as
 * resources beside its adapter) and queries users write themselves. Texts are templates with placeholders
 * ({@link QueryTemplate}); the target compiles them once per run and binds each instance's parameters.
 */
public interface TimeSeriesQuery extends Capability {

    /** How the target writes queries: its catalogue texts, placeholders in its syntax. */
    QueryLanguage language();


    /** Whether the table exists and holds rows: queries on an absent or empty table measure nothing. */
    TableState tableState(SeriesSchema schema) throws TargetException;

    /**
     * Makes the table ready for the catalogue's queries where the target needs it (an index on
     * {@code (tag_id, ts)} in the PostgreSQL family; what TSBS and mxbench create too); returns the statement
     * run, recorded in the result, or empty when nothing was needed.
     */
    default java.util.Optional<String> prepareForQueries(SeriesSchema schema) throws TargetException {
        return java.util.Optional.empty();
    }

    /**
     * Waits until every write the target has acknowledged is visible to queries (QuestDB applies its WAL after
     * acknowledging); returns at once where acknowledged means visible.
     */
    default void awaitVisible(SeriesSchema schema) throws TargetException {
    }

    /** One reader per worker; readers are not shared between threads, except {@link QueryReader#cancel()}. */
    QueryReader openReader() throws TargetException;

    enum TableState { ABSENT, EMPTY, HAS_ROWS }
}
