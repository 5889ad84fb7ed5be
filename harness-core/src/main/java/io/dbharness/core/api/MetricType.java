package io.dbharness.core.api;

import java.util.Locale;

/** The SQL type of every metric column, as mxbench's {@code --metrics-type}. */
public enum MetricType {
    INT4(true, 4), INT8(true, 8), FLOAT4(false, 4), FLOAT8(false, 8);

    private final boolean integral;
    private final int sizeBytes;

    MetricType(boolean integral, int sizeBytes) {
        this.integral = integral;
        this.sizeBytes = sizeBytes;
    }

    /** Values live in {@link RowBatch#longs()} when true, in {@link RowBatch#doubles()} otherwise. */
    public boolean integral() {
        return integral;
    }

    public int sizeBytes() {
        return sizeBytes;
    }

    public String sqlName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
