package io.dbharness.tck;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;

/**
 * Rows the contracts write: each row of a test has its own (tag, ts), so no target merges two of them, and every
 * metric a value unless the row is meant to be empty (a row a line-protocol target cannot carry).
 */
public final class Rows {

    /** 2022-04-18 09:00:00 UTC, mxbench's start, in epoch microseconds. */
    public static final long T0 = 1_650_272_400_000_000L;
    public static final long SECOND = 1_000_000L;
    /** Devices the rows cycle through. */
    public static final int TAGS = 10;

    private long next;

    /** Clears {@code batch} and fills it with {@code rows} new rows, every {@code emptyEvery}-th of them without any value (0: none). */
    public int fill(RowBatch batch, int rows, int emptyEvery) {
        batch.clear();
        int empty = 0;
        for (int i = 0; i < rows; i++) {
            long seq = next++;
            int row = batch.addRow(T0 + (seq / TAGS) * SECOND, seq % TAGS + 1);
            if (emptyEvery > 0 && i % emptyEvery == emptyEvery - 1) {
                empty++;
                continue;
            }
            for (int m = 0; m < batch.metricCount(); m++) {
                set(batch, row, m, seq * 10 + m);
            }
        }
        return empty;
    }

    /** A batch of {@code rows} new rows, every metric with a value. */
    public RowBatch batch(SeriesSchema schema, int rows) {
        RowBatch b = new RowBatch(schema.metricType(), schema.metricCount(), rows);
        fill(b, rows, 0);
        return b;
    }

    /** Sets {@code value} in the batch's type (halved for floating types, so that they carry a fraction). */
    static void set(RowBatch b, int row, int metric, long value) {
        if (b.type().integral()) {
            b.setLong(row, metric, b.type() == MetricType.INT4 ? (int) value : value);
        } else {
            b.setDouble(row, metric, value / 2.0);
        }
    }
}
