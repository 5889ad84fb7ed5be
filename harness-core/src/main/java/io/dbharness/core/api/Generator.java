package io.dbharness.core.api;

import java.util.List;
import java.util.Map;

/**
 * A data model and its rows ({@code --generator NAME}): mxbench's telematics, TSBS's devops, influx-stress's
 * template, MaibornWolff's events. The rows are a pure function of the settings (the seed among them) and of
 * the series and time step: the same flags give the same rows on every target, for any number of workers or
 * shards, which is what {@code --verify} and answer digests rely on.
 *
 * <p>Series are numbered {@code 1..seriesCount()}; {@link #open(int, int) slot} {@code s} of {@code n} owns
 * the series with {@code (series - 1) % n == s}, so slots split the series with no overlap and no gap.
 */
public interface Generator {

    /** The {@code --generator} name, e.g. {@code devops}. */
    String name();

    /** The table (or measurement) the rows go into. */
    SeriesSchema schema();

    long seriesCount();

    /** Every row of the run, over all slots. */
    long plannedRows();

    /** Rows of one series (every series has as many); what a shard owning some series plans. */
    default long rowsPerSeries() {
        return plannedRows() / seriesCount();
    }

    /**
     * Rows that share one (series, timestamp) key: 1, or mxbench's {@code --generator-batch-size} when it splits
     * a report's metrics over several rows, which targets that merge rows by key store as one.
     */
    default int rowsPerKey() {
        return 1;
    }

    /** The first timestamp any row has, epoch microseconds UTC. */
    long startMicros();

    /**
     * A bound after the newest timestamp any row has (exclusive): queries draw their time windows from
     * {@code [startMicros, endMicros)}, so they ask about data that is there.
     */
    long endMicros();

    /**
     * The single-table models whose rows this one writes: itself, or for a model of several tables (TSBS's
     * {@code devops} use case: {@code cpu}, {@code diskio}, ... {@code redis}) one per table, the first the one
     * {@link #schema()} names (which queries ask). Then {@link #plannedRows()} and {@link #rowsPerSeries()} count
     * every part's rows, and {@link #open} gives the first part's.
     */
    default List<Generator> parts() {
        return List.of(this);
    }

    /** The rows of slot {@code slot} of {@code slots}, from the first; each call starts again. */
    RowSource open(int slot, int slots);

    /** What the result records about the model and its settings (beside the schema's table name). */
    Map<String, String> describe();

    /** Fills batches with a slot's rows in order; not thread-safe (one per worker). */
    interface RowSource {

        /** Fills {@code batch} (cleared first) and returns false once nothing is left to generate. */
        boolean fill(RowBatch batch);

        /** Rows this source produces in all. */
        long plannedRows();
    }
}
