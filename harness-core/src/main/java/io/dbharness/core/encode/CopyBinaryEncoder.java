package io.dbharness.core.encode;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;

/**
 * PostgreSQL binary COPY: fixed-size big-endian values, no text formatting or parsing on either side, which
 * makes it the cheapest path into PostgreSQL. Column types must match exactly: {@code timestamp} (not
 * timestamptz, same wire form), {@code integer} tag_id (or {@code text} string tags), the metric type,
 * {@code jsonb} ext.
 */
public final class CopyBinaryEncoder implements RowEncoder {

    private static final byte[] SIGNATURE = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0};
    /** Microseconds between 1970-01-01 and PostgreSQL's epoch 2000-01-01. */
    static final long PG_EPOCH_OFFSET_MICROS = 946_684_800_000_000L;
    private static final byte JSONB_VERSION = 1;

    private final SeriesSchema schema;
    private final int fieldCount;
    private final ExtJson ext;
    /** String tags: each as a length-prefixed UTF-8 text field, per series; null when the tag is the series number. */
    private final TagCells<byte[]> tagFields;
    private final MetricType[] types;
    /** The widest row without ext: length, time, the series number and every field at its size. */
    private final int rowBytes;

    public CopyBinaryEncoder(SeriesSchema schema) {
        this.schema = schema;
        this.fieldCount = SchemaColumns.count(schema);
        this.ext = schema.hasExtension() ? new ExtJson(schema) : null;
        this.tagFields = schema.tags().isSeriesNumber() ? null : new TagCells<>(schema.tags(), CopyBinaryEncoder::textFields);
        this.types = FieldKinds.of(schema);
        int bytes = 2 + 12 + 8;
        for (int m = 0; m < schema.columnMetrics(); m++) {
            bytes += 4 + types[m].sizeBytes();
        }
        this.rowBytes = bytes;
    }

    private static byte[] textFields(String[] values) {
        ByteSink b = new ByteSink(64);
        for (String v : values) {
            if (v == null) { // a missing tag (SeriesTags.mayBeMissing): NULL
                b.writeInt32(-1);
                continue;
            }
            byte[] utf8 = v.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            b.writeInt32(utf8.length);
            b.write(utf8, 0, utf8.length);
        }
        return java.util.Arrays.copyOf(b.array(), b.length());
    }

    @Override
    public void begin(ByteSink sink) {
        sink.write(SIGNATURE, 0, SIGNATURE.length);
        sink.writeInt32(0);
        sink.writeInt32(0);
    }

    @Override
    public void encode(RowBatch batch, ByteSink sink) {
        Batches.check(schema, batch);
        int rows = batch.size();
        int metrics = schema.metricCount();
        int columns = schema.columnMetrics();
        MetricType[] types = this.types;
        int rowBytes = this.rowBytes;
        long[] ts = batch.tsMicros();
        long[] tags = batch.tagIds();
        long[] longs = batch.longs();
        double[] doubles = batch.doubles();
        boolean[] present = batch.present();
        for (int r = 0; r < rows; r++) {
            byte[] tagBlock = tagFields == null ? null : tagFields.get(tags[r]);
            sink.ensure(tagBlock == null ? rowBytes : rowBytes + tagBlock.length);
            byte[] b = sink.array();
            int p = sink.length();
            ByteSink.putInt16(b, p, fieldCount);
            ByteSink.putInt32(b, p + 2, 8);
            ByteSink.putInt64(b, p + 6, ts[r] - PG_EPOCH_OFFSET_MICROS);
            if (tagBlock == null) {
                ByteSink.putInt32(b, p + 14, 4);
                ByteSink.putInt32(b, p + 18, (int) tags[r]);
                p += 22;
            } else {
                System.arraycopy(tagBlock, 0, b, p + 14, tagBlock.length);
                p += 14 + tagBlock.length;
            }
            int base = r * metrics;
            for (int m = 0; m < columns; m++) {
                int i = base + m;
                if (!present[i]) {
                    ByteSink.putInt32(b, p, -1);
                    p += 4;
                    continue;
                }
                MetricType type = types[m];
                int size = type.sizeBytes();
                ByteSink.putInt32(b, p, size);
                p += 4;
                if (type == MetricType.FLOAT8) {
                    ByteSink.putInt64(b, p, Double.doubleToRawLongBits(doubles[i]));
                } else if (type == MetricType.FLOAT4) {
                    ByteSink.putInt32(b, p, Float.floatToRawIntBits((float) doubles[i]));
                } else if (type == MetricType.INT8) {
                    ByteSink.putInt64(b, p, longs[i]);
                } else {
                    ByteSink.putInt32(b, p, (int) longs[i]);
                }
                p += size;
            }
            sink.setLength(p);
            if (ext != null) {
                if (!ext.hasValues(batch, r)) {
                    sink.writeInt32(-1);
                } else {
                    int lengthAt = sink.length();
                    sink.writeInt32(0);
                    sink.write(JSONB_VERSION);
                    ext.write(batch, r, sink, false);
                    sink.setInt32At(lengthAt, sink.length() - lengthAt - 4);
                }
            }
        }
    }

    @Override
    public void end(ByteSink sink) {
        sink.writeInt16(-1);
    }

    @Override
    public String formatName() {
        return EncoderFormat.COPY_BINARY.cliName();
    }
}
