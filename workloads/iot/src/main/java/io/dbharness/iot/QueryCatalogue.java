package io.dbharness.iot;

import io.dbharness.core.api.UsageException;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The logical queries over the telematics table, with the names their origins use (mxbench, MaibornWolff's
 * comparison, influxdb-comparisons/TSBS). Each target has its own text of each (resources beside its adapter);
 * this catalogue says what every text must return: which columns, by name, and what kind of value each holds,
 * so that answers from different targets can be normalised and compared.
 */
public final class QueryCatalogue {

    /** How a column's values are normalised. */
    public enum Kind {
        /** a timestamp: UTC, microseconds */
        TIME,
        /** a device id */
        TAG,
        /** a count */
        COUNT,
        /** a stored metric value (min, max, last, detail): exact in the metric's type */
        VALUE,
        /** an average: compared through the sum it implies with the row's count, so summation order cannot matter */
        MEAN
    }

    /** @param countColumn for a MEAN, the column holding the count it averages over */
    public record Column(String name, Kind kind, String countColumn) {
        static Column of(String name, Kind kind) {
            return new Column(name, kind, null);
        }
    }

    /**
     * @param tags      devices named by the query: 0 none, 1 {@code {tag}}, more {@code {tags}}; -1 for
     *                  {@code --query-tags}
     * @param window    the time window {@code {start}..{end}}, empty for the whole table
     * @param metrics   whether the answer holds every metric column (a whole row) after {@code columns}
     */
    public record Query(String name, String origin, String description, int tags, Optional<Duration> window,
                        boolean threshold, List<Column> columns, boolean metrics) {
    }

    private static final Duration HOUR = Duration.ofHours(1);
    private static final Column TS = Column.of("ts", Kind.TIME);
    private static final Column TAG_ID = Column.of("tag_id", Kind.TAG);
    private static final Column MINUTE = Column.of("minute", Kind.TIME);
    private static final Column COUNT = Column.of("count", Kind.COUNT);
    private static final Column MIN = Column.of("min_value", Kind.VALUE);
    private static final Column MAX = Column.of("max_value", Kind.VALUE);
    private static final Column MEAN = new Column("mean", Kind.MEAN, "count");

    private static final Map<String, Query> QUERIES = new LinkedHashMap<>();

    static {
        add(new Query("single-tag-latest", "mxbench", "the newest row of one device", 1, Optional.empty(), false,
                List.of(TS, TAG_ID), true));
        add(new Query("multi-tag-latest", "mxbench", "the newest row of each of --query-tags devices", -1,
                Optional.empty(), false, List.of(TS, TAG_ID), true));
        add(new Query("single-tag-detail", "mxbench", "every row of one device over an hour", 1, Optional.of(HOUR),
                false, List.of(TS, TAG_ID), true));
        add(new Query("count", "MaibornWolff", "how many values of the metric the table holds", 0, Optional.empty(),
                false, List.of(COUNT), false));
        add(new Query("min-max", "MaibornWolff", "minimum and maximum of the metric over the table", 0,
                Optional.empty(), false, List.of(MIN, MAX), false));
        add(new Query("stats", "MaibornWolff", "count, minimum, maximum and average of the metric", 0,
                Optional.empty(), false, List.of(COUNT, MIN, MAX, MEAN), false));
        add(new Query("stats-per-device", "MaibornWolff", "count, minimum, maximum and average of the metric per device",
                0, Optional.empty(), false, List.of(TAG_ID, COUNT, MIN, MAX, MEAN), false));
        add(new Query("newest-per-device", "MaibornWolff", "the newest value of the metric of every device, with its time",
                0, Optional.empty(), false, List.of(TAG_ID, TS, Column.of("value", Kind.VALUE)), false));
        add(new Query("1-device-1-hr", "TSBS", "maximum of the metric per minute for one device over an hour", 1,
                Optional.of(HOUR), false, List.of(MINUTE, MAX), false));
        add(new Query("1-device-12-hr", "TSBS", "maximum of the metric per minute for one device over 12 hours", 1,
                Optional.of(Duration.ofHours(12)), false, List.of(MINUTE, MAX), false));
        add(new Query("8-device-1-hr", "TSBS", "maximum of the metric per minute over 8 devices for an hour", 8,
                Optional.of(HOUR), false, List.of(MINUTE, MAX), false));
        add(new Query("groupby-time", "TSBS", "average of the metric per minute over all devices for an hour (with the count)",
                0, Optional.of(HOUR), false, List.of(MINUTE, MEAN, COUNT), false));
        add(new Query("high-metric", "TSBS", "devices whose metric passed the threshold within an hour, with their maximum",
                0, Optional.of(HOUR), true, List.of(TAG_ID, MAX), false));
        add(new Query("lastpoint", "TSBS", "the newest row of every device", 0, Optional.empty(), false,
                List.of(TS, TAG_ID), true));
    }

    private static void add(Query q) {
        QUERIES.put(q.name(), q);
    }

    private QueryCatalogue() {
    }

    public static List<Query> all() {
        return List.copyOf(QUERIES.values());
    }

    public static Optional<Query> find(String name) {
        return Optional.ofNullable(QUERIES.get(name));
    }

    /** The query, or a usage error listing every valid name. */
    public static Query get(String name) {
        Query q = QUERIES.get(name);
        if (q == null) {
            throw new UsageException("unknown query '" + name + "'; valid queries: " + names());
        }
        return q;
    }

    public static String names() {
        return QUERIES.keySet().stream().collect(Collectors.joining(", "));
    }
}
