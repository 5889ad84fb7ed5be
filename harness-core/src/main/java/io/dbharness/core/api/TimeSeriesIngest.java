package io.dbharness.core.api;

import java.util.OptionalLong;

/** A target that can store the rows of a data model ({@link SeriesSchema}: telematics, devops, ...). */
public interface TimeSeriesIngest extends Capability {

    /** Prepares the table as {@code mode} says; refuses (UsageException) a non-empty table under CREATE. */
    void createSchema(SeriesSchema schema, SchemaMode mode) throws TargetException;

    /** One writer per worker; writers are not shared between threads. */
    BatchWriter openWriter(SeriesSchema schema) throws TargetException;

    /** The statement that creates the table, recorded in the result; empty when the target has no DDL. */
    default java.util.Optional<String> ddl(SeriesSchema schema) {
        return java.util.Optional.empty();
    }

    /**
     * Whether rows with the same tag and timestamp become one stored row (line-protocol points, upserts):
     * then a report split over several rows ({@code --generator-batch-size}) is stored once.
     */
    default boolean mergesRowsWithSameKey() {
        return false;
    }

    /**
     * Whether the target's tables can have a key column the database fills ({@link RowId}: a sequence, an
     * identity, a UUID), as MaibornWolff's events table has; a model with one is refused elsewhere.
     */
    default boolean fillsRowIds() {
        return false;
    }

    /**
     * Whether the target keeps several tables apart (a database does); a single stream (one output file) holds
     * one, and a model of several tables is refused before anything is written.
     */
    default boolean holdsSeveralTables() {
        return true;
    }

    /**
     * The earliest time the target stores, epoch microseconds (QuestDB's designated timestamp: 1970-01-01);
     * empty when it takes any time the generators make (1900 to 2261). Rows from before it are refused up front.
     */
    default java.util.OptionalLong earliestMicros() {
        return java.util.OptionalLong.empty();
    }

    /** Rows stored in the table, for {@code --verify}; empty when the target cannot count. */
    OptionalLong countRows(SeriesSchema schema) throws TargetException;

    /**
     * Rows a query sees in the table now, without waiting for acknowledged writes to be applied (iot-mixed's count
     * until every written row is visible); {@link #countRows} where acknowledged means visible.
     */
    default OptionalLong visibleRows(SeriesSchema schema) throws TargetException {
        return countRows(schema);
    }

    /** Bytes the table occupies on disk, for the compression ratio; empty when the target cannot tell. */
    OptionalLong storedBytes(SeriesSchema schema) throws TargetException;
}
