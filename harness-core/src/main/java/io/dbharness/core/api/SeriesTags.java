package io.dbharness.core.api;

import java.util.List;
import java.util.Objects;
import java.util.function.LongFunction;

/**
 * The tag columns of a data model and the value each takes for a series. Series are numbered {@code 1..count}
 * (a row's {@link RowBatch#tagIds() tag id}); a model either stores that number itself in one integer column
 * (mxbench's {@code tag_id}) or names its tags with strings looked up per series (TSBS's {@code hostname,
 * region, ...}, influx-stress's {@code some=tag-0}).
 *
 * <p>{@link #keyColumns()} are the tags that tell series apart on their own (TSBS's {@code hostname}): the
 * columns a target distributes, sorts or keys by, together with the time column.
 *
 * <p>A model whose rows sometimes lack a tag (TSBS iot's zeroed tags) says so with {@link #withMissingValues()}:
 * then a value other than a key column's may be null, stored as NULL and left out of line protocol.
 */
public final class SeriesTags {

    private final List<String> names;
    private final List<String> keyColumns;
    private final boolean seriesNumber;
    private final long count;
    private final LongFunction<String[]> values;
    private final boolean missingValues;

    private SeriesTags(List<String> names, List<String> keyColumns, boolean seriesNumber, long count,
                       LongFunction<String[]> values, boolean missingValues) {
        if (names.isEmpty()) {
            throw new IllegalArgumentException("a model needs at least one tag column");
        }
        if (!names.containsAll(keyColumns) || keyColumns.isEmpty()) {
            throw new IllegalArgumentException("key columns " + keyColumns + " must be some of the tags " + names);
        }
        this.names = List.copyOf(names);
        this.keyColumns = List.copyOf(keyColumns);
        this.seriesNumber = seriesNumber;
        this.count = count;
        this.values = values;
        this.missingValues = missingValues;
    }

    /** One integer column holding the series number itself (mxbench's {@code tag_id}). */
    public static SeriesTags seriesNumber(String column) {
        return new SeriesTags(List.of(column), List.of(column), true, Long.MAX_VALUE, null, false);
    }

    /**
     * String tags: {@code values.apply(series)} gives the {@code names.size()} values of series
     * {@code 1..count}, the same every time it is asked (encoders cache them per series).
     */
    public static SeriesTags strings(List<String> names, List<String> keyColumns, long count,
                                     LongFunction<String[]> values) {
        Objects.requireNonNull(values, "values");
        if (count < 1) {
            throw new IllegalArgumentException("count must be >= 1");
        }
        return new SeriesTags(names, keyColumns, false, count, values, false);
    }

    /** These string tags, of which a value other than a key column's may be null (missing in that series). */
    public SeriesTags withMissingValues() {
        if (seriesNumber) {
            throw new IllegalStateException("the series number is never missing");
        }
        return new SeriesTags(names, keyColumns, false, count, values, true);
    }

    /** Whether some series have no value for {@code tag} (a target then lets its column be NULL). */
    public boolean mayBeMissing(String tag) {
        return missingValues && !keyColumns.contains(tag);
    }

    public List<String> names() {
        return names;
    }

    public List<String> keyColumns() {
        return keyColumns;
    }

    /** Whether the one tag column is the series number (an integer), not a looked-up string. */
    public boolean isSeriesNumber() {
        return seriesNumber;
    }

    /** Series the string tags are defined for ({@code 1..count}); unbounded for the series number. */
    public long count() {
        return count;
    }

    /**
     * The value of the first key column for series {@code series}: how queries name a series ({@code "7"} for
     * mxbench's device 7, {@code "host_6"} for TSBS's seventh host).
     */
    public String key(long series) {
        return seriesNumber ? Long.toString(series) : values(series)[names.indexOf(keyColumns.get(0))];
    }

    /**
     * The values of series {@code series}, one per {@link #names()}, as strings (the number itself when numbered);
     * null for a missing one ({@link #mayBeMissing}).
     */
    public String[] values(long series) {
        if (seriesNumber) {
            return new String[] {Long.toString(series)};
        }
        if (series < 1 || series > count) {
            throw new IllegalArgumentException("series " + series + " is outside 1.." + count);
        }
        String[] v = values.apply(series);
        if (v.length != names.size()) {
            throw new IllegalStateException(v.length + " tag values for " + names.size() + " tags");
        }
        for (int t = 0; t < v.length; t++) {
            if (v[t] == null && !mayBeMissing(names.get(t))) {
                throw new IllegalStateException("series " + series + " has no value for tag " + names.get(t));
            }
        }
        return v;
    }
}
