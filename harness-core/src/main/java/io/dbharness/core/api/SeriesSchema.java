package io.dbharness.core.api;

import java.util.Objects;

/**
 * The shape of a telematics table: {@code ts, tag_id, c0..c(n-1)}. Metrics at or past {@code maxColumns}
 * do not fit as columns and go into one JSON extension column named {@code ext}, as mxbench does past 998.
 */
public record SeriesSchema(String tableName, MetricType metricType, int metricCount, int maxColumns) {

    public static final String EXT_COLUMN = "ext";

    public SeriesSchema {
        Objects.requireNonNull(tableName, "tableName");
        Objects.requireNonNull(metricType, "metricType");
        if (metricCount < 1) {
            throw new IllegalArgumentException("metricCount must be >= 1");
        }
        if (maxColumns < 1) {
            throw new IllegalArgumentException("maxColumns must be >= 1");
        }
    }

    /** Metrics stored as their own column. */
    public int columnMetrics() {
        return Math.min(metricCount, maxColumns);
    }

    /** Whether some metrics go into the JSON extension column. */
    public boolean hasExtension() {
        return metricCount > maxColumns;
    }

    public static String metricName(int index) {
        return "c" + index;
    }
}
