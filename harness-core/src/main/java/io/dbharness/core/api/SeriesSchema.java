package io.dbharness.core.api;

import java.util.AbstractList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The shape of one table (or measurement) of a data model: its time column, its tag columns and its typed
 * fields (of one {@link MetricType}, as mxbench's, or mixed, as MaibornWolff's {@code sequence_number bigint,
 * temperature real}). mxbench's telematics table is {@code ts, tag_id, c0..c(n-1)}; TSBS's
 * {@code cpu} is {@code time, hostname, region, ..., usage_user, ...}. Fields at or past {@code maxColumns} do
 * not fit as columns and go into one JSON extension column named {@code ext}, as mxbench does past 998.
 *
 * @param timeColumn  the timestamp's column ({@code ts}, {@code time})
 * @param fieldTypes  each field's type, in the order of {@link RowBatch}'s values
 * @param fieldNames  the fields in that order
 * @param rowId       a key column the database fills ({@link RowId#NONE} for none)
 */
public record SeriesSchema(String tableName, String timeColumn, SeriesTags tags, List<MetricType> fieldTypes,
                           List<String> fieldNames, int maxColumns, RowId rowId) {

    public static final String EXT_COLUMN = "ext";
    /** mxbench's telematics columns. */
    public static final String TELEMATICS_TIME = "ts";
    public static final String TELEMATICS_TAG = "tag_id";

    public SeriesSchema {
        Objects.requireNonNull(tableName, "tableName");
        Objects.requireNonNull(timeColumn, "timeColumn");
        Objects.requireNonNull(tags, "tags");
        if (fieldNames.isEmpty()) {
            throw new IllegalArgumentException("metricCount must be >= 1");
        }
        if (fieldTypes.size() != fieldNames.size()) {
            throw new IllegalArgumentException(fieldTypes.size() + " field types for " + fieldNames.size() + " fields");
        }
        fieldTypes = List.copyOf(fieldTypes); // also refuses a null type
        Objects.requireNonNull(rowId, "rowId");
        if (maxColumns < 1) {
            throw new IllegalArgumentException("maxColumns must be >= 1");
        }
        if (!(fieldNames instanceof NumberedNames)) {
            fieldNames = List.copyOf(fieldNames);
            Set<String> seen = new HashSet<>(tags.names());
            if (rowId.present() && !seen.add(RowId.COLUMN)) {
                throw new IllegalArgumentException("column '" + RowId.COLUMN + "' is both the row id and a tag");
            }
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

    /** No row id. */
    public SeriesSchema(String tableName, String timeColumn, SeriesTags tags, List<MetricType> fieldTypes,
                        List<String> fieldNames, int maxColumns) {
        this(tableName, timeColumn, tags, fieldTypes, fieldNames, maxColumns, RowId.NONE);
    }

    /** Every field of one type, no row id. */
    public SeriesSchema(String tableName, String timeColumn, SeriesTags tags, MetricType type, List<String> fieldNames,
                        int maxColumns) {
        this(tableName, timeColumn, tags, Collections.nCopies(fieldNames.size(), Objects.requireNonNull(type, "type")),
                fieldNames, maxColumns, RowId.NONE);
    }

    /** mxbench's telematics table: {@code ts, tag_id, c0..c(metricCount-1)}. */
    public SeriesSchema(String tableName, MetricType metricType, int metricCount, int maxColumns) {
        this(tableName, TELEMATICS_TIME, SeriesTags.seriesNumber(TELEMATICS_TAG), metricType,
                new NumberedNames(checkCount(metricCount)), maxColumns);
    }

    /** This schema without a row id. */
    public SeriesSchema withoutRowId() {
        return new SeriesSchema(tableName, timeColumn, tags, fieldTypes, fieldNames, maxColumns, RowId.NONE);
    }

    /** Whether every field has the same type. */
    public boolean uniform() {
        MetricType first = fieldTypes.get(0);
        for (MetricType t : fieldTypes) {
            if (t != first) {
                return false;
            }
        }
        return true;
    }

    /** The type of every field (telematics' {@code --metrics-type}); refused for a model that mixes types. */
    public MetricType metricType() {
        if (!uniform()) {
            throw new IllegalStateException("table " + tableName + " mixes field types: " + fieldTypes);
        }
        return fieldTypes.get(0);
    }

    public MetricType fieldType(int index) {
        return fieldTypes.get(index);
    }

    /** The fields for a message: {@code 300 float8 metrics}, or each field with its type when they differ. */
    public String describeFields() {
        if (uniform()) {
            return metricCount() + " " + fieldType(0).sqlName() + " metrics";
        }
        StringBuilder b = new StringBuilder("fields ");
        for (int m = 0; m < metricCount(); m++) {
            b.append(m == 0 ? "" : ", ").append(fieldName(m)).append(' ').append(fieldType(m).sqlName());
        }
        return b.toString();
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
