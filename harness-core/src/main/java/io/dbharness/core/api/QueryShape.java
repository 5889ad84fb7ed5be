package io.dbharness.core.api;

import java.util.Objects;

/**
 * What stays fixed over a run of one query: the table, the metric it aggregates ({@code {metric}}) and how
 * many devices {@code {tags}} names.
 */
public record QueryShape(SeriesSchema schema, int metric, int tagCount) {

    public QueryShape {
        Objects.requireNonNull(schema, "schema");
        if (metric < 0 || metric >= schema.columnMetrics()) {
            throw new IllegalArgumentException("metric " + metric + " is not a column of " + schema.tableName());
        }
        if (tagCount < 1) {
            throw new IllegalArgumentException("tagCount must be >= 1");
        }
    }
}
