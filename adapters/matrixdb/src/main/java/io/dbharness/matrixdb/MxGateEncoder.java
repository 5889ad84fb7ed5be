package io.dbharness.matrixdb;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.encode.ByteSink;
import io.dbharness.core.encode.ExtJson;
import io.dbharness.core.encode.TimestampText;

import java.nio.charset.StandardCharsets;

/**
 * A MatrixGate HTTP body: the target {@code schema.table} on the first line, then one line per row,
 * {@code ts|tag_id|c0|...|cN[|ext]}, an empty field for NULL (MatrixGate's default {@code null-as}).
 * The core's delimited encoders differ in the header line, the NULL spelling and the timestamp form, hence
 * this one; it writes into the caller's reused sink and allocates nothing per row.
 *
 * <p>Not thread-safe: one per writer.
 */
final class MxGateEncoder {

    /** Thrown for a timestamp that {@code unix-second} cannot carry; the writer turns it into a failure. */
    static final class SubSecondTimestamp extends RuntimeException {
        SubSecondTimestamp(long micros) {
            super("timestamp " + micros + " µs has a fraction of a second, which --mxgate-time-format unix-second "
                    + "cannot carry; start MatrixGate with --time-format raw and give --mxgate-time-format raw", null, false, false);
        }
    }

    private static final byte DELIMITER = '|';

    private final SeriesSchema schema;
    private final byte[] header;
    private final TimeFormat timeFormat;
    private final TimestampText timestamps = new TimestampText();
    private final ExtJson ext;

    MxGateEncoder(SeriesSchema schema, String target, TimeFormat timeFormat) {
        this.schema = schema;
        this.header = (target + "\n").getBytes(StandardCharsets.UTF_8);
        this.timeFormat = timeFormat;
        this.ext = schema.hasExtension() ? new ExtJson(schema) : null;
    }

    /** Replaces the sink's content with the body for {@code batch}. */
    void encode(RowBatch batch, ByteSink sink) {
        sink.reset();
        sink.write(header);
        int rows = batch.size();
        int metrics = schema.metricCount();
        int columns = schema.columnMetrics();
        MetricType type = schema.metricType();
        long[] ts = batch.tsMicros();
        long[] tags = batch.tagIds();
        long[] longs = batch.longs();
        double[] doubles = batch.doubles();
        boolean[] present = batch.present();
        for (int r = 0; r < rows; r++) {
            writeTime(ts[r], sink);
            sink.write(DELIMITER);
            sink.writeLong(tags[r]);
            int base = r * metrics;
            for (int m = 0; m < columns; m++) {
                int i = base + m;
                sink.write(DELIMITER);
                if (!present[i]) {
                    continue; // empty field: NULL
                }
                if (type == MetricType.FLOAT8) {
                    sink.writeDouble(doubles[i]);
                } else if (type == MetricType.FLOAT4) {
                    sink.writeFloat((float) doubles[i]);
                } else {
                    sink.writeLong(longs[i]);
                }
            }
            if (ext != null) {
                sink.write(DELIMITER);
                if (ext.hasValues(batch, r)) {
                    ext.write(batch, r, sink, false); // JSON numbers and keys: no '|', newline or backslash
                }
            }
            sink.write('\n');
        }
    }

    private void writeTime(long micros, ByteSink sink) {
        if (timeFormat == TimeFormat.RAW) {
            timestamps.write(micros, sink);
            return;
        }
        if (micros % 1_000_000L != 0) {
            throw new SubSecondTimestamp(micros);
        }
        sink.writeLong(micros / 1_000_000L);
    }
}
