package io.dbharness.core.encode;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;

import java.nio.charset.StandardCharsets;

/**
 * Shared row walk of the delimited text formats (COPY text, CSV, MatrixGate's body): they differ only in
 * delimiter, the NULL spelling, how the JSON field is quoted and, for MatrixGate, the timestamp form; one
 * loop keeps their rows identical otherwise.
 */
public abstract class DelimitedEncoder implements RowEncoder {

    private final SeriesSchema schema;
    private final byte delimiter;
    private final byte[] nullText;
    /** Delimiter followed by the NULL text. */
    private final byte[] nullCell;
    private final boolean csvQuoteExt;
    private final TimestampText timestamps = new TimestampText();
    private final ExtJson ext;
    /** String tags: the series' tag cells, escaped and delimited; null when the tag is the series number. */
    private final TagCells<byte[]> tagCells;
    private final MetricType[] types;

    protected DelimitedEncoder(SeriesSchema schema, byte delimiter, byte[] nullText, boolean csvQuoteExt) {
        this.schema = schema;
        this.delimiter = delimiter;
        this.nullText = nullText;
        this.nullCell = new byte[nullText.length + 1];
        this.nullCell[0] = delimiter;
        System.arraycopy(nullText, 0, nullCell, 1, nullText.length);
        this.csvQuoteExt = csvQuoteExt;
        this.ext = schema.hasExtension() ? new ExtJson(schema) : null;
        this.types = FieldKinds.of(schema);
        this.tagCells = schema.tags().isSeriesNumber() ? null : new TagCells<>(schema.tags(), values -> {
            StringBuilder cells = new StringBuilder();
            for (int t = 0; t < values.length; t++) {
                if (t > 0) {
                    cells.append((char) delimiter);
                }
                // an empty tag is an empty string; only a missing one (SeriesTags.mayBeMissing) is NULL
                cells.append(values[t] == null ? new String(nullText, StandardCharsets.UTF_8) : cell(values[t]));
            }
            return cells.toString().getBytes(StandardCharsets.UTF_8);
        });
    }

    /**
     * A text value as one cell of this format. COPY's text format (and MatrixGate's, which follows it) escapes
     * backslash, tab, newline, carriage return and the delimiter; CSV quotes instead.
     */
    protected String cell(String value) {
        StringBuilder b = new StringBuilder(value.length() + 4);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> b.append("\\\\");
                case '\t' -> b.append("\\t");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                default -> {
                    if (c == (char) delimiter) {
                        b.append('\\');
                    }
                    b.append(c);
                }
            }
        }
        return b.toString();
    }

    @Override
    public void encode(RowBatch batch, ByteSink sink) {
        Batches.check(schema, batch);
        int rows = batch.size();
        int metrics = schema.metricCount();
        int columns = schema.columnMetrics();
        MetricType[] types = this.types;
        long[] ts = batch.tsMicros();
        long[] tags = batch.tagIds();
        long[] longs = batch.longs();
        double[] doubles = batch.doubles();
        boolean[] present = batch.present();
        byte d = delimiter;
        for (int r = 0; r < rows; r++) {
            writeTimestamp(ts[r], sink);
            sink.write(d);
            if (tagCells == null) {
                sink.writeLong(tags[r]);
            } else {
                byte[] cells = tagCells.get(tags[r]);
                sink.write(cells, 0, cells.length);
            }
            int base = r * metrics;
            for (int m = 0; m < columns; m++) {
                int i = base + m;
                if (!present[i]) {
                    sink.writeSmall(nullCell); // most cells are empty at mxbench's defaults: one check, no arraycopy
                    continue;
                }
                sink.write(d);
                MetricType type = types[m];
                if (type == MetricType.FLOAT8) {
                    sink.writeDouble(doubles[i]);
                } else if (type == MetricType.FLOAT4) {
                    sink.writeFloat((float) doubles[i]);
                } else {
                    sink.writeLong(longs[i]);
                }
            }
            if (ext != null) {
                sink.write(d);
                if (!ext.hasValues(batch, r)) {
                    sink.write(nullText, 0, nullText.length);
                } else if (csvQuoteExt) {
                    sink.write('"');
                    ext.write(batch, r, sink, true);
                    sink.write('"');
                } else {
                    ext.write(batch, r, sink, false);
                }
            }
            sink.write('\n');
        }
    }

    /** The timestamp field; {@code 2022-04-18 09:00:00[.ffffff]} unless a format spells it otherwise. */
    protected void writeTimestamp(long epochMicros, ByteSink sink) {
        timestamps.write(epochMicros, sink);
    }

    @Override
    public void end(ByteSink sink) {
    }

    SeriesSchema schema() {
        return schema;
    }
}
