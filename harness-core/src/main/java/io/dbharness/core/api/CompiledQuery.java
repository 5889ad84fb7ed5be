package io.dbharness.core.api;

/** A query ready to run many times with different parameters; made by {@link TimeSeriesQuery#compile}. */
public interface CompiledQuery {

    /** Catalogue or query-file name; the operation type in results. */
    String name();

    /** The text as the target receives it, with its bind markers ({@code ?}) or placeholders still to fill. */
    String text();

    /** The text with the run's fixed placeholders filled and the parameters still in braces, for people to read. */
    default String template() {
        return text();
    }
}
