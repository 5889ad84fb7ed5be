package io.dbharness.core.api;

import java.util.AbstractList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The shape of one table (or measurement) of a data model: its time column, its tag columns and its fields,
 * all of one {@link MetricType}. mxbench's telematics table is {@code ts, tag_id, c0..c(n-1)}; TSBS's
 * {@code cpu} is {@code time, hostname, region, ..., usage_user, ...}. Fields at or past {@code maxColumns} do
 * not fit as columns and go into one JSON extension column named {@code ext}, as mxbench does past 998.
 *
 * @param timeColumn  the timestamp's column ({@code ts}, {@code time})
 * @param fieldNames  the fields in the order of {@link RowBatch}'s values
 */
public record SeriesSchema(String tableName, String timeColumn, SeriesTags tags, MetricType metricType,
                           List<String> fieldNames, int maxColumns) {

    public static final String EXT_COLUMN = "ext";
    /** mxbench's telematics columns. */
    public static final String TELEMATICS_TIME = "ts";
    public static final String TELEMATICS_TAG = "tag_id";

    public SeriesSchema {
        Objects.requireNonNull(tableName, "tableName");
        Objects.requireNonNull(timeColumn, "timeColumn");
        Objects.requireNonNull(tags, "tags");
        Objects.requireNonNull(metricType, "metricType");
        if (fieldNames.isEmpty()) {
            throw new IllegalArgumentException("metricCount must be >= 1");
        }
        if (maxColumns < 1) {
            throw new IllegalArgumentException("maxColumns must be >= 1");
        }
        if (!(fieldNames instanceof NumberedNames)) {
            fieldNames = List.copyOf(fieldNames);
            Set<String> seen = new HashSet<>(tags.names());
            if (!seen.add(timeColumn)) {
                throw new IllegalArgumentException("column '" + timeColumn + "' is both time and tag");
            }
            for (String f : fieldNames) {
                if (!seen.add(f)) {
                    throw new IllegalArgumentException("column '" + f + "' appears twice in " + tableName);
                }
            }
        }
    }

    /** mxbench's telematics table: {@code ts, tag_id, c0..c(metricCount-1)}. */
    public SeriesSchema(String tableName, MetricType metricType, int metricCount, int maxColumns) {
        this(tableName, TELEMATICS_TIME, SeriesTags.seriesNumber(TELEMATICS_TAG), metricType,
                new NumberedNames(checkCount(metricCount)), maxColumns);
    }

    private static int checkCount(int metricCount) {
        if (metricCount < 1) {
            throw new IllegalArgumentException("metricCount must be >= 1");
        }
        return metricCount;
    }

    public int metricCount() {
        return fieldNames.size();
    }

    public String fieldName(int index) {
        return fieldNames.get(index);
    }

    /** Metrics stored as their own column. */
    public int columnMetrics() {
        return Math.min(metricCount(), maxColumns);
    }

    /** Whether some metrics go into the JSON extension column. */
    public boolean hasExtension() {
        return metricCount() > maxColumns;
    }

    /** Whether this is mxbench's telematics layout (series number in {@code tag_id}, fields {@code c0..}). */
    public boolean telematics() {
        return tags.isSeriesNumber() && fieldNames instanceof NumberedNames;
    }

    /** The tag columns that tell series apart, then the time column: what targets key, sort and index by. */
    public List<String> keyColumns() {
        return tags.keyColumns();
    }

    public static String metricName(int index) {
        return "c" + index;
    }

    /** {@code c0..c(n-1)} without holding n strings (mxbench allows 100,000 metrics). */
    private static final class NumberedNames extends AbstractList<String> {
        private final int size;

        NumberedNames(int size) {
            this.size = size;
        }

        @Override
        public String get(int index) {
            Objects.checkIndex(index, size);
            return metricName(index);
        }

        @Override
        public int size() {
            return size;
        }
    }
}
