package io.dbharness.matrixdb;

import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.encode.ByteSink;
import io.dbharness.core.encode.DelimitedEncoder;

import java.nio.charset.StandardCharsets;

/**
 * A MatrixGate HTTP body: the target {@code schema.table} on the first line, then one line per row,
 * {@code ts|tag_id|c0|...|cN[|ext]}, an empty field for NULL (MatrixGate's default {@code null-as}). The row
 * walk is the core's delimited one; MatrixGate adds the header line and, by default, Unix-second timestamps.
 *
 * <p>Not thread-safe: one per writer.
 */
final class MxGateEncoder extends DelimitedEncoder {

    /** Thrown for a timestamp that {@code unix-second} cannot carry; the writer turns it into a failure. */
    static final class SubSecondTimestamp extends RuntimeException {
        SubSecondTimestamp(long micros) {
            super("timestamp " + micros + " µs has a fraction of a second, which --mxgate-time-format unix-second "
                    + "cannot carry; start MatrixGate with --time-format raw and give --mxgate-time-format raw", null, false, false);
        }
    }

    private static final byte[] EMPTY = {};

    private final byte[] header;
    private final TimeFormat timeFormat;

    MxGateEncoder(SeriesSchema schema, String target, TimeFormat timeFormat) {
        super(schema, (byte) '|', EMPTY, false); // JSON numbers and keys hold no '|', newline or backslash
        this.header = (target + "\n").getBytes(StandardCharsets.UTF_8);
        this.timeFormat = timeFormat;
    }

    /** Replaces the sink's content with the body for {@code batch}. */
    void body(RowBatch batch, ByteSink sink) {
        sink.reset();
        begin(sink);
        encode(batch, sink);
    }

    @Override
    public void begin(ByteSink sink) {
        sink.write(header);
    }

    @Override
    protected void writeTimestamp(long micros, ByteSink sink) {
        if (timeFormat == TimeFormat.RAW) {
            super.writeTimestamp(micros, sink);
            return;
        }
        if (micros % 1_000_000L != 0) {
            throw new SubSecondTimestamp(micros);
        }
        sink.writeLong(micros / 1_000_000L);
    }

    @Override
    public String formatName() {
        return "mxgate";
    }
}
