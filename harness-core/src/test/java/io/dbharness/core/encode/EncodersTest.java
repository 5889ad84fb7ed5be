package io.dbharness.core.encode;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.UsageException;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class EncodersTest {

    private static final long T0 = LocalDateTime.parse("2022-04-18T09:00:00").toEpochSecond(ZoneOffset.UTC) * 1_000_000L;
    private static final long PG_EPOCH = 946_684_800_000_000L;

    /** 5 metrics, 3 as columns: c3 and c4 go to ext. Row 0 has values, row 1 none. */
    private static RowBatch intBatch(MetricType type) {
        RowBatch b = new RowBatch(type, 5, 4);
        int r = b.addRow(T0, 1);
        b.setLong(r, 0, 1);
        b.setLong(r, 2, -3);
        b.setLong(r, 3, 7);
        b.addRow(T0 + 1_500_000, 2);
        return b;
    }

    private static RowBatch doubleBatch(MetricType type) {
        RowBatch b = new RowBatch(type, 5, 4);
        int r = b.addRow(T0, 1);
        b.setDouble(r, 0, 12.34);
        b.setDouble(r, 2, -0.07);
        b.setDouble(r, 3, 3.0);
        b.setDouble(r, 4, 12.5);
        b.addRow(T0 + 1_500_000, 2);
        return b;
    }

    private static String encode(RowEncoder e, RowBatch b) {
        ByteSink s = new ByteSink(8);
        e.begin(s);
        e.encode(b, s);
        e.end(s);
        return new String(s.toByteArray(), StandardCharsets.UTF_8);
    }

    @Test
    void copyTextIntegers() {
        SeriesSchema schema = new SeriesSchema("t", MetricType.INT4, 5, 3);
        assertEquals("2022-04-18 09:00:00\t1\t1\t\\N\t-3\t{\"c3\":7}\n"
                        + "2022-04-18 09:00:01.5\t2\t\\N\t\\N\t\\N\t\\N\n",
                encode(new CopyTextEncoder(schema), intBatch(MetricType.INT4)));
    }

    @Test
    void copyTextFloats() {
        SeriesSchema schema = new SeriesSchema("t", MetricType.FLOAT8, 5, 3);
        assertEquals("2022-04-18 09:00:00\t1\t12.34\t\\N\t-0.07\t{\"c3\":3,\"c4\":12.5}\n"
                        + "2022-04-18 09:00:01.5\t2\t\\N\t\\N\t\\N\t\\N\n",
                encode(new CopyTextEncoder(schema), doubleBatch(MetricType.FLOAT8)));
        SeriesSchema f4 = new SeriesSchema("t", MetricType.FLOAT4, 5, 3);
        assertEquals("2022-04-18 09:00:00\t1\t12.34\t\\N\t-0.07\t{\"c3\":3,\"c4\":12.5}\n"
                        + "2022-04-18 09:00:01.5\t2\t\\N\t\\N\t\\N\t\\N\n",
                encode(new CopyTextEncoder(f4), doubleBatch(MetricType.FLOAT4)));
    }

    @Test
    void copyTextWithoutExtensionAndExtremes() {
        SeriesSchema schema = new SeriesSchema("t", MetricType.INT8, 2, 998);
        RowBatch b = new RowBatch(MetricType.INT8, 2, 2);
        int r = b.addRow(T0 + 1, 2_000_000_000L);
        b.setLong(r, 0, Long.MIN_VALUE);
        b.setLong(r, 1, Long.MAX_VALUE);
        assertEquals("2022-04-18 09:00:00.000001\t2000000000\t-9223372036854775808\t9223372036854775807\n",
                encode(new CopyTextEncoder(schema), b));
    }

    @Test
    void nonFiniteValues() {
        SeriesSchema schema = new SeriesSchema("t", MetricType.FLOAT8, 3, 2);
        RowBatch b = new RowBatch(MetricType.FLOAT8, 3, 1);
        int r = b.addRow(T0, 1);
        b.setDouble(r, 0, Double.NaN);
        b.setDouble(r, 1, Double.NEGATIVE_INFINITY);
        b.setDouble(r, 2, Double.POSITIVE_INFINITY);
        assertEquals("2022-04-18 09:00:00\t1\tNaN\t-Infinity\t{\"c2\":\"Infinity\"}\n", encode(new CopyTextEncoder(schema), b));
        assertEquals("ts,tag_id,c0,c1,ext\n2022-04-18 09:00:00,1,NaN,-Infinity,\"{\"\"c2\"\":\"\"Infinity\"\"}\"\n",
                encode(new CsvEncoder(schema), b));
    }

    @Test
    void csv() {
        SeriesSchema schema = new SeriesSchema("t", MetricType.INT4, 5, 3);
        assertEquals("ts,tag_id,c0,c1,c2,ext\n"
                        + "2022-04-18 09:00:00,1,1,,-3,\"{\"\"c3\"\":7}\"\n"
                        + "2022-04-18 09:00:01.5,2,,,,\n",
                encode(new CsvEncoder(schema), intBatch(MetricType.INT4)));
        SeriesSchema narrow = new SeriesSchema("t", MetricType.FLOAT8, 5, 10);
        assertEquals("ts,tag_id,c0,c1,c2,c3,c4\n"
                        + "2022-04-18 09:00:00,1,12.34,,-0.07,3,12.5\n"
                        + "2022-04-18 09:00:01.5,2,,,,,\n",
                encode(new CsvEncoder(narrow), doubleBatch(MetricType.FLOAT8)));
    }

    @Test
    void copyBinaryEachType() throws IOException {
        for (MetricType type : MetricType.values()) {
            SeriesSchema schema = new SeriesSchema("t", type, 5, 3);
            RowBatch batch = type.integral() ? intBatch(type) : doubleBatch(type);
            ByteSink s = new ByteSink(8);
            CopyBinaryEncoder e = new CopyBinaryEncoder(schema);
            e.begin(s);
            e.encode(batch, s);
            e.end(s);
            assertArrayEquals(expectedBinary(batch, 3), s.toByteArray(), type.name());
        }
    }

    /** An independent, straightforward writer of the format, to compare against. */
    private static byte[] expectedBinary(RowBatch b, int columns) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.write("PGCOPY\n".getBytes(StandardCharsets.US_ASCII));
        out.write(new byte[]{(byte) 0xFF, '\r', '\n', 0});
        out.writeInt(0);
        out.writeInt(0);
        MetricType type = b.type();
        int metrics = b.metricCount();
        for (int r = 0; r < b.size(); r++) {
            out.writeShort(columns + 3);
            out.writeInt(8);
            out.writeLong(b.tsMicros()[r] - PG_EPOCH);
            out.writeInt(4);
            out.writeInt((int) b.tagIds()[r]);
            StringBuilder json = new StringBuilder();
            for (int m = 0; m < metrics; m++) {
                int i = r * metrics + m;
                boolean present = b.present()[i];
                String text = !present ? null : type.integral() ? Long.toString(b.longs()[i])
                        : new java.math.BigDecimal(b.doubles()[i] == Math.rint(b.doubles()[i]) ? Long.toString((long) b.doubles()[i])
                        : Double.toString(b.doubles()[i])).toPlainString();
                if (m >= columns) {
                    if (present) {
                        json.append(json.length() == 0 ? "{" : ",").append("\"c").append(m).append("\":").append(text);
                    }
                    continue;
                }
                if (!present) {
                    out.writeInt(-1);
                    continue;
                }
                switch (type) {
                    case INT4 -> { out.writeInt(4); out.writeInt((int) b.longs()[i]); }
                    case INT8 -> { out.writeInt(8); out.writeLong(b.longs()[i]); }
                    case FLOAT4 -> { out.writeInt(4); out.writeFloat((float) b.doubles()[i]); }
                    case FLOAT8 -> { out.writeInt(8); out.writeDouble(b.doubles()[i]); }
                    default -> throw new AssertionError();
                }
            }
            if (json.length() == 0) {
                out.writeInt(-1);
            } else {
                byte[] j = json.append('}').toString().getBytes(StandardCharsets.UTF_8);
                out.writeInt(j.length + 1);
                out.writeByte(1);
                out.write(j);
            }
        }
        out.writeShort(-1);
        return bytes.toByteArray();
    }

    @Test
    void binaryHeaderAndTrailerOnly() {
        ByteSink s = new ByteSink(8);
        CopyBinaryEncoder e = new CopyBinaryEncoder(new SeriesSchema("t", MetricType.INT4, 1, 1));
        e.begin(s);
        e.end(s);
        assertArrayEquals(new byte[]{'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0,
                0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xFF, (byte) 0xFF}, s.toByteArray());
    }

    @Test
    void reuseAcrossBatchesAppends() {
        SeriesSchema schema = new SeriesSchema("t", MetricType.INT4, 5, 3);
        CopyTextEncoder e = new CopyTextEncoder(schema);
        ByteSink s = new ByteSink(8);
        RowBatch b = intBatch(MetricType.INT4);
        e.encode(b, s);
        int once = s.length();
        s.reset();
        e.encode(b, s);
        e.encode(b, s);
        assertEquals(2 * once, s.length());
    }

    @Test
    void refusesBatchOfOtherShape() {
        CopyTextEncoder e = new CopyTextEncoder(new SeriesSchema("t", MetricType.INT4, 4, 3));
        assertThrows(IllegalArgumentException.class, () -> e.encode(intBatch(MetricType.INT4), new ByteSink()));
        CopyBinaryEncoder f = new CopyBinaryEncoder(new SeriesSchema("t", MetricType.INT8, 5, 3));
        assertThrows(IllegalArgumentException.class, () -> f.encode(intBatch(MetricType.INT4), new ByteSink()));
    }

    @Test
    void formatsByName() {
        SeriesSchema schema = new SeriesSchema("t", MetricType.INT4, 5, 3);
        assertEquals("csv", EncoderFormat.parse("csv").create(schema).formatName());
        assertEquals("copy-text", EncoderFormat.parse("copy-text").create(schema).formatName());
        assertEquals("copy-binary", EncoderFormat.parse("COPY_BINARY").create(schema).formatName());
        UsageException ex = assertThrows(UsageException.class, () -> EncoderFormat.parse("xml"));
        assertEquals("unknown format 'xml': expected copy-text|copy-binary|csv|line-protocol", ex.getMessage());
        assertEquals(java.util.List.of("ts", "tag_id", "c0", "c1", "c2", "ext"), SchemaColumns.names(schema));
    }
}
