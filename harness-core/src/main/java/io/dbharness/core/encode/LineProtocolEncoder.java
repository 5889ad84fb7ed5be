package io.dbharness.core.encode;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.UsageException;

import java.nio.charset.StandardCharsets;

/**
 * InfluxDB line protocol, shared by the InfluxDB and QuestDB targets and {@code --format line-protocol}:
 * {@code <table>,tag_id=<n> c0=<v>,c3=<v>i <timestamp>\n}.
 *
 * <p>Every metric is a field ({@code c0..cN}; no JSON extension column: a line has no column limit), and only
 * present values are written, since line protocol has no NULL. A row whose metrics are all empty (or all
 * non-finite: NaN and infinities are not valid line protocol) has no field and cannot be written at all:
 * it is dropped and counted in {@link #skippedRows()}.
 *
 * <p>Measurement, tag key and field keys are escaped once in the constructor per the line-protocol spec;
 * per row only numbers are formatted, into the reused {@link ByteSink}: no allocation per row.
 *
 * <p>With {@code binaryDoubles} (line protocol version 2, for a server that says it reads it) a floating-point
 * field is {@code c0==} followed by the type byte 16 and the 8 bytes of the double, little-endian, instead of its
 * text: the same value, no digits to format or parse (negative zero is sent as zero, as the text writes it).
 * Integers and timestamps stay text. Such a line may hold a
 * newline byte inside a double, so a reader splits the lines at {@link #lineEnd}, never at {@code '\n'}.
 */
public final class LineProtocolEncoder implements RowEncoder {

    private final SeriesSchema schema;
    private final LinePrecision precision;
    /** {@code <measurement>,tag_id=}, escaped; for string tags the whole {@code <measurement>,k=v,...}, per series. */
    private final byte[] linePrefix;
    private final TagCells<byte[]> seriesKeys;
    /** Per metric: {@code c<m>=}, escaped. */
    private final byte[][] fieldKeys;
    private final MetricType[] types;
    private final boolean binaryDoubles;
    /** Per metric, for binary doubles: {@code c<m>==} and the type byte. */
    private final byte[][] binaryKeys;
    private int skipped;
    /** The sink's length after each line of the last {@link #encode}, for splitting a batch into posts. */
    private int[] lineEnds = new int[0];

    public LineProtocolEncoder(SeriesSchema schema, LinePrecision precision) {
        this(schema, precision, false);
    }

    /** @param binaryDoubles floating-point fields in binary, line protocol version 2 (see the class comment) */
    public LineProtocolEncoder(SeriesSchema schema, LinePrecision precision, boolean binaryDoubles) {
        this.schema = schema;
        this.binaryDoubles = binaryDoubles;
        this.precision = precision;
        String table = schema.tableName();
        if (table.indexOf('\n') >= 0 || table.indexOf('\r') >= 0) {
            throw new UsageException("table name '" + table.replace("\n", "\\n").replace("\r", "\\r")
                    + "' contains a line break, which line protocol cannot carry");
        }
        String measurement = escapeMeasurement(table);
        java.util.List<String> tagNames = schema.tags().names();
        if (schema.tags().isSeriesNumber()) {
            this.linePrefix = (measurement + "," + escapeKey(tagNames.get(0)) + "=").getBytes(StandardCharsets.UTF_8);
            this.seriesKeys = null;
        } else {
            this.linePrefix = null;
            this.seriesKeys = new TagCells<>(schema.tags(), values -> {
                StringBuilder key = new StringBuilder(measurement);
                for (int t = 0; t < values.length; t++) {
                    if (values[t] == null) { // a missing tag is left out, as TSBS writes its zeroed tags
                        continue;
                    }
                    if (values[t].indexOf('\n') >= 0 || values[t].indexOf('\r') >= 0) {
                        throw new UsageException("tag " + tagNames.get(t) + " = '" + values[t].replace("\n", "\\n")
                                .replace("\r", "\\r") + "' contains a line break, which line protocol cannot carry");
                    }
                    if (!values[t].isEmpty()) { // line protocol has no empty tag value: the tag is left out
                        key.append(',').append(escapeKey(tagNames.get(t))).append('=').append(escapeKey(values[t]));
                    }
                }
                return key.toString().getBytes(StandardCharsets.UTF_8);
            });
        }
        this.types = FieldKinds.of(schema);
        this.fieldKeys = new byte[schema.metricCount()][];
        for (int m = 0; m < fieldKeys.length; m++) {
            fieldKeys[m] = (escapeKey(schema.fieldName(m)) + "=").getBytes(StandardCharsets.UTF_8);
        }
        this.binaryKeys = new byte[fieldKeys.length][];
        for (int m = 0; m < fieldKeys.length; m++) {
            binaryKeys[m] = java.util.Arrays.copyOf(fieldKeys[m], fieldKeys[m].length + 2);
            binaryKeys[m][fieldKeys[m].length] = '=';
            binaryKeys[m][fieldKeys[m].length + 1] = BINARY_DOUBLE;
        }
    }

    /** The type byte of a binary double in line protocol version 2. */
    static final byte BINARY_DOUBLE = 16;

    /** The sink's length just after line {@code line} (0-based, among the lines written) of the last {@link #encode}. */
    public int lineEnd(int line) {
        return lineEnds[line];
    }

    public LinePrecision precision() {
        return precision;
    }

    /** Rows of the last {@link #encode} call that had no field and were therefore not written. */
    @Override
    public int skippedRows() {
        return skipped;
    }

    @Override
    public void begin(ByteSink sink) {
    }

    /**
     * Appends one line per row that has a value. A timestamp the chosen precision cannot carry exactly is a
     * configuration error (IllegalArgumentException), never silently truncated.
     */
    @Override
    public void encode(RowBatch batch, ByteSink sink) {
        Batches.check(schema, batch);
        int rows = batch.size();
        int metrics = schema.metricCount();
        MetricType[] types = this.types;
        long[] ts = batch.tsMicros();
        long[] tags = batch.tagIds();
        long[] longs = batch.longs();
        double[] doubles = batch.doubles();
        boolean[] present = batch.present();
        byte[] prefix = linePrefix;
        boolean binary = binaryDoubles;
        if (lineEnds.length < rows) {
            lineEnds = new int[rows];
        }
        int[] ends = lineEnds;
        int lines = 0;
        int skippedNow = 0;
        for (int r = 0; r < rows; r++) {
            long micros = ts[r];
            if (!precision.represents(micros)) {
                throw new IllegalArgumentException("timestamp " + micros + " us is not a whole "
                        + precision.v2Name() + "; choose a finer --precision");
            }
            int lineStart = sink.length();
            if (prefix != null) {
                sink.write(prefix, 0, prefix.length);
                sink.writeLong(tags[r]);
            } else {
                byte[] key = seriesKeys.get(tags[r]);
                sink.write(key, 0, key.length);
            }
            byte sep = ' ';
            int base = r * metrics;
            for (int m = 0; m < metrics; m++) {
                int i = base + m;
                if (!present[i]) {
                    continue;
                }
                MetricType type = types[m];
                if (type.integral()) {
                    sink.write(sep);
                    writeKey(sink, fieldKeys[m]);
                    sink.writeLong(longs[i]);
                    sink.write('i');
                } else {
                    double v = doubles[i];
                    boolean f4 = type == MetricType.FLOAT4;
                    if (!Double.isFinite(v) || (f4 && !Float.isFinite((float) v))) {
                        continue;
                    }
                    sink.write(sep);
                    if (binary) { // a FLOAT column casts the double back to the same float
                        writeKey(sink, binaryKeys[m]);
                        // + 0.0 turns -0.0 into 0.0 (and nothing else), as the text writes it
                        sink.writeInt64LittleEndian(Double.doubleToRawLongBits((f4 ? (float) v : v) + 0.0));
                    } else if (f4) {
                        writeKey(sink, fieldKeys[m]);
                        sink.writeFloat((float) v);
                    } else {
                        writeKey(sink, fieldKeys[m]);
                        sink.writeDouble(v);
                    }
                }
                sep = ',';
            }
            if (sep == ' ') { // no field: line protocol cannot carry the row
                sink.setLength(lineStart);
                skippedNow++;
                continue;
            }
            sink.write(' ');
            sink.writeLong(precision.fromMicros(micros));
            sink.write('\n');
            ends[lines++] = sink.length();
        }
        skipped = skippedNow;
    }

    private static void writeKey(ByteSink sink, byte[] key) {
        if (key.length <= 8) {
            sink.writeSmall(key);
        } else {
            sink.write(key, 0, key.length);
        }
    }

    @Override
    public void end(ByteSink sink) {
    }

    @Override
    public String formatName() {
        return EncoderFormat.LINE_PROTOCOL.cliName();
    }

    /**
     * Measurement names escape commas and spaces. A backslash stays literal (InfluxDB 1.x and 2.x only
     * unescape a backslash before a special character).
     */
    public static String escapeMeasurement(String name) {
        return escape(name, ", ");
    }

    /** Tag keys, tag values and field keys escape commas, equals signs and spaces. */
    public static String escapeKey(String key) {
        return escape(key, ",= ");
    }

    private static String escape(String s, String special) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (special.indexOf(c) >= 0) {
                b.append('\\');
            }
            b.append(c);
        }
        return b.toString();
    }
}
