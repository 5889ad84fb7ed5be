package io.dbharness.core.api;

import java.util.List;
import java.util.Objects;

/**
 * What a query returned. {@code rows} holds the values when they were asked for, else it is empty and only
 * {@code rowCount} is known ({@code columns} may then be empty too). Values are null, {@link Long}, {@link Double}, {@link java.math.BigDecimal},
 * {@link String} or {@link java.time.Instant} (every time value, whatever the target's type).
 *
 * @param columns column names as the target returned them, lower case; a time column a target names by itself
 *                (InfluxDB's {@code time}) keeps that name
 */
public record QueryAnswer(List<String> columns, List<Object[]> rows, long rowCount) {

    public QueryAnswer {
        columns = List.copyOf(columns);
        Objects.requireNonNull(rows, "rows");
    }
}
