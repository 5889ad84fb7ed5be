package io.dbharness.core.encode;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;

import java.nio.charset.StandardCharsets;

/**
 * Writes the metrics past {@code maxColumns} of one row as a JSON object holding only the present values,
 * e.g. <code>{"c998":1.5,"c1003":7}</code>. The output never contains quotes other than around keys (and
 * around NaN/Infinity, which JSON has no number for), nor tabs, newlines or backslashes, so text formats only
 * need their quote rule applied, not a general escape pass.
 *
 * <p>Public for targets that bind the JSON as a parameter (SQL INSERT) rather than stream an encoding.
 */
public final class ExtJson {

    private final int first;
    private final int count;
    private final MetricType[] types;
    /** {@code "cN":} per extension metric, built once. */
    private final byte[][] keys;

    public ExtJson(SeriesSchema schema) {
        this.first = schema.columnMetrics();
        this.count = schema.metricCount();
        this.types = FieldKinds.of(schema);
        this.keys = new byte[Math.max(0, count - first)][];
        for (int m = first; m < count; m++) {
            keys[m - first] = ("\"" + schema.fieldName(m) + "\":").getBytes(StandardCharsets.UTF_8);
        }
    }

    /** Whether the row has any extension value; an empty object is written as NULL instead. */
    public boolean hasValues(RowBatch batch, int row) {
        boolean[] present = batch.present();
        int base = row * count;
        for (int m = first; m < count; m++) {
            if (present[base + m]) {
                return true;
            }
        }
        return false;
    }

    /** When {@code quoteDoubled} the quotes are doubled, as inside a quoted CSV field. */
    public void write(RowBatch batch, int row, ByteSink sink, boolean quoteDoubled) {
        boolean[] present = batch.present();
        long[] longs = batch.longs();
        double[] doubles = batch.doubles();
        int base = row * count;
        sink.write('{');
        boolean firstValue = true;
        for (int m = first; m < count; m++) {
            int i = base + m;
            if (!present[i]) {
                continue;
            }
            if (!firstValue) {
                sink.write(',');
            }
            firstValue = false;
            byte[] key = keys[m - first];
            if (quoteDoubled) {
                writeDoublingQuotes(key, sink);
            } else {
                sink.write(key, 0, key.length);
            }
            switch (types[m]) {
                case INT4, INT8 -> sink.writeLong(longs[i]);
                case FLOAT4 -> writeFinite((float) doubles[i], true, sink, quoteDoubled);
                case FLOAT8 -> writeFinite(doubles[i], false, sink, quoteDoubled);
                default -> throw new IllegalStateException(types[m].name());
            }
        }
        sink.write('}');
    }

    private static void writeFinite(double v, boolean asFloat, ByteSink sink, boolean quoteDoubled) {
        boolean finite = Double.isFinite(v);
        if (!finite) {
            quote(sink, quoteDoubled);
        }
        if (asFloat) {
            sink.writeFloat((float) v);
        } else {
            sink.writeDouble(v);
        }
        if (!finite) {
            quote(sink, quoteDoubled);
        }
    }

    private static void quote(ByteSink sink, boolean doubled) {
        sink.write('"');
        if (doubled) {
            sink.write('"');
        }
    }

    private static void writeDoublingQuotes(byte[] key, ByteSink sink) {
        for (byte b : key) {
            sink.write(b);
            if (b == '"') {
                sink.write(b);
            }
        }
    }
}
