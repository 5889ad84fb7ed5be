package io.dbharness.core.encode;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.UsageException;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LineProtocolEncoderTest {

    private static final long T0 = LocalDateTime.parse("2022-04-18T09:00:00").toEpochSecond(ZoneOffset.UTC) * 1_000_000L;
    private static final long T0_S = T0 / 1_000_000L;

    private static String encode(LineProtocolEncoder e, RowBatch b) {
        ByteSink s = new ByteSink(8);
        e.begin(s);
        e.encode(b, s);
        e.end(s);
        return new String(s.toByteArray(), StandardCharsets.UTF_8);
    }

    @Test
    void integersCarryTheSuffixAndOnlyPresentFields() {
        for (MetricType type : new MetricType[] {MetricType.INT4, MetricType.INT8}) {
            RowBatch b = new RowBatch(type, 5, 4);
            int r = b.addRow(T0, 1);
            b.setLong(r, 0, 1);
            b.setLong(r, 2, -3);
            b.setLong(r, 4, Long.MIN_VALUE);
            r = b.addRow(T0 + 1_000_000, 22);
            b.setLong(r, 3, 7);
            LineProtocolEncoder e = new LineProtocolEncoder(new SeriesSchema("t", type, 5, 3), LinePrecision.S);
            assertEquals("t,tag_id=1 c0=1i,c2=-3i,c4=-9223372036854775808i " + T0_S + "\n"
                    + "t,tag_id=22 c3=7i " + (T0_S + 1) + "\n", encode(e, b), type.name());
            assertEquals(0, e.skippedRows());
        }
    }

    @Test
    void floatsAndMetricsPastMaxColumnsAreFieldsToo() {
        RowBatch b = new RowBatch(MetricType.FLOAT8, 5, 4);
        int r = b.addRow(T0, 1);
        b.setDouble(r, 0, 12.34);
        b.setDouble(r, 2, -0.07);
        b.setDouble(r, 3, 3.0);
        b.setDouble(r, 4, 1.0e-10);
        LineProtocolEncoder e = new LineProtocolEncoder(new SeriesSchema("t", MetricType.FLOAT8, 5, 2), LinePrecision.S);
        assertEquals("t,tag_id=1 c0=12.34,c2=-0.07,c3=3,c4=1.0E-10 " + T0_S + "\n", encode(e, b));

        RowBatch f = new RowBatch(MetricType.FLOAT4, 2, 1);
        f.setDouble(f.addRow(T0, 9), 1, 0.1f);
        LineProtocolEncoder e4 = new LineProtocolEncoder(new SeriesSchema("t", MetricType.FLOAT4, 2, 998), LinePrecision.S);
        assertEquals("t,tag_id=9 c1=0.1 " + T0_S + "\n", encode(e4, f));
    }

    @Test
    void rowsWithoutAnyFieldAreSkippedAndCounted() {
        RowBatch b = new RowBatch(MetricType.FLOAT8, 3, 5);
        b.addRow(T0, 1);                              // all empty
        b.setDouble(b.addRow(T0, 2), 1, 5.5);
        int r = b.addRow(T0, 3);                      // only non-finite values: not valid line protocol
        b.setDouble(r, 0, Double.NaN);
        b.setDouble(r, 2, Double.POSITIVE_INFINITY);
        r = b.addRow(T0, 4);                          // NaN skipped, the other value kept
        b.setDouble(r, 0, Double.NEGATIVE_INFINITY);
        b.setDouble(r, 2, 1);
        b.addRow(T0, 5);
        LineProtocolEncoder e = new LineProtocolEncoder(new SeriesSchema("t", MetricType.FLOAT8, 3, 998), LinePrecision.S);
        assertEquals("t,tag_id=2 c1=5.5 " + T0_S + "\nt,tag_id=4 c2=1 " + T0_S + "\n", encode(e, b));
        assertEquals(3, e.skippedRows());

        RowBatch full = new RowBatch(MetricType.FLOAT8, 3, 1);
        full.setDouble(full.addRow(T0, 1), 0, 1);
        encode(e, full);
        assertEquals(0, e.skippedRows(), "per encode call, not cumulative");
    }

    @Test
    void escapesMeasurementAndKeysPerTheSpec() {
        assertEquals("my\\ table\\,x=1", LineProtocolEncoder.escapeMeasurement("my table,x=1"));
        assertEquals("a\\=b\\,c\\ d", LineProtocolEncoder.escapeKey("a=b,c d"));
        RowBatch b = new RowBatch(MetricType.INT4, 1, 1);
        b.setLong(b.addRow(T0, 7), 0, 1);
        LineProtocolEncoder e = new LineProtocolEncoder(new SeriesSchema("cpu load,eu=1", MetricType.INT4, 1, 998), LinePrecision.S);
        assertEquals("cpu\\ load\\,eu=1,tag_id=7 c0=1i " + T0_S + "\n", encode(e, b));
        assertThrows(UsageException.class,
                () -> new LineProtocolEncoder(new SeriesSchema("a\nb", MetricType.INT4, 1, 998), LinePrecision.S));
    }

    @Test
    void timestampsInEveryPrecision() {
        long ts = T0 + 1_250_000; // 09:00:01.25
        RowBatch b = new RowBatch(MetricType.INT4, 1, 1);
        b.setLong(b.addRow(ts, 1), 0, 1);
        SeriesSchema schema = new SeriesSchema("t", MetricType.INT4, 1, 998);
        assertEquals("t,tag_id=1 c0=1i " + ts + "000\n", encode(new LineProtocolEncoder(schema, LinePrecision.NS), b));
        assertEquals("t,tag_id=1 c0=1i " + ts + "\n", encode(new LineProtocolEncoder(schema, LinePrecision.US), b));
        assertEquals("t,tag_id=1 c0=1i " + ts / 1000 + "\n", encode(new LineProtocolEncoder(schema, LinePrecision.MS), b));
        IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
                () -> encode(new LineProtocolEncoder(schema, LinePrecision.S), b));
        assertTrue(ex.getMessage().contains("--precision"), ex.getMessage());
    }

    @Test
    void precisionNamesParsingAndMatching() {
        assertEquals("u", LinePrecision.US.v1Name());
        assertEquals("us", LinePrecision.US.v2Name());
        assertEquals("ns", LinePrecision.NS.v1Name());
        assertEquals(LinePrecision.US, LinePrecision.parse("u"));
        assertEquals(LinePrecision.US, LinePrecision.parse("US"));
        assertEquals(LinePrecision.MS, LinePrecision.parse("ms"));
        UsageException bad = assertThrows(UsageException.class, () -> LinePrecision.parse("m"));
        assertTrue(bad.getMessage().contains("--precision") && bad.getMessage().contains("ns|us|ms|s"), bad.getMessage());

        assertEquals(LinePrecision.S, LinePrecision.matching(1_000_000, T0));
        assertEquals(LinePrecision.MS, LinePrecision.matching(500_000, T0));
        assertEquals(LinePrecision.MS, LinePrecision.matching(1_000_000, T0 + 1000));
        assertEquals(LinePrecision.US, LinePrecision.matching(1_000_000, T0 + 1));
        assertEquals(LinePrecision.US, LinePrecision.matching(1, T0));

        assertEquals(LinePrecision.S, LinePrecision.coarsest(new long[] {T0, T0 + 1_000_000, 7}, 2));
        assertEquals(LinePrecision.MS, LinePrecision.coarsest(new long[] {T0, T0 + 1_000}, 2));
        assertEquals(LinePrecision.US, LinePrecision.coarsest(new long[] {T0 + 1, T0}, 2));
    }

    @Test
    void fileFormatByName() {
        assertEquals(EncoderFormat.LINE_PROTOCOL, EncoderFormat.parse("line-protocol"));
        RowEncoder e = EncoderFormat.LINE_PROTOCOL.create(new SeriesSchema("t", MetricType.INT8, 1, 998));
        assertEquals("line-protocol", e.formatName());
        assertTrue(EncoderFormat.LINE_PROTOCOL.isText());
    }

    /** {@code key==}, type byte 16, the double's 8 bytes little-endian: QuestDB's line protocol version 2. */
    private static byte[] binaryField(String key, double v) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(key.length() + 11).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        b.put((key + "==").getBytes(StandardCharsets.US_ASCII)).put((byte) 16).putDouble(v);
        return b.array();
    }

    private static byte[] concat(Object... parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (Object p : parts) {
            out.writeBytes(p instanceof byte[] b ? b : p.toString().getBytes(StandardCharsets.US_ASCII));
        }
        return out.toByteArray();
    }

    @Test
    void binaryDoublesAreTheDoublesBitsWhileIntegersAndTimestampsStayText() {
        // 0x0A in the low byte: a newline inside a field, which only lineEnd can tell from a line's end
        double newlineInside = Double.longBitsToDouble(0x3FF000000000000AL);
        RowBatch b = new RowBatch(MetricType.FLOAT8, 4, 4);
        int r = b.addRow(T0, 1);
        b.setDouble(r, 0, -0.0);
        b.setDouble(r, 1, Double.NaN); // non-finite: left out, as in text
        b.setDouble(r, 2, newlineInside);
        b.setDouble(r, 3, Double.MIN_VALUE);
        r = b.addRow(T0 + 1_000_000, 2);
        b.setDouble(r, 1, Double.POSITIVE_INFINITY); // the row's only value: the row is skipped, as in text
        r = b.addRow(T0 + 2_000_000, 3);
        b.setDouble(r, 3, 0.1 + 0.2);
        LineProtocolEncoder e = new LineProtocolEncoder(new SeriesSchema("t", MetricType.FLOAT8, 4, 3), LinePrecision.S, true);
        ByteSink sink = new ByteSink(8);
        e.encode(b, sink);
        // -0.0 goes as 0.0, as the text writes it
        byte[] first = concat("t,tag_id=1 ", binaryField("c0", 0.0), ",", binaryField("c2", newlineInside), ",",
                binaryField("c3", Double.MIN_VALUE), " " + T0_S + "\n");
        byte[] expected = concat(first, "t,tag_id=3 ", binaryField("c3", 0.1 + 0.2), " " + (T0_S + 2) + "\n");
        org.junit.jupiter.api.Assertions.assertArrayEquals(expected, sink.toByteArray());
        assertEquals(1, e.skippedRows());
        assertEquals(first.length, e.lineEnd(0));
        assertEquals(expected.length, e.lineEnd(1));

        RowBatch f = new RowBatch(MetricType.FLOAT4, 1, 1);
        f.setDouble(f.addRow(T0, 9), 0, 0.1f);
        LineProtocolEncoder e4 = new LineProtocolEncoder(new SeriesSchema("t", MetricType.FLOAT4, 1, 3), LinePrecision.S, true);
        ByteSink s4 = new ByteSink(8);
        e4.encode(f, s4);
        org.junit.jupiter.api.Assertions.assertArrayEquals(concat("t,tag_id=9 ", binaryField("c0", (double) 0.1f),
                " " + T0_S + "\n"), s4.toByteArray(), "a FLOAT column gets the float's exact double");

        RowBatch i = new RowBatch(MetricType.INT8, 1, 1);
        i.setLong(i.addRow(T0, 4), 0, 10);
        assertEquals("t,tag_id=4 c0=10i " + T0_S + "\n", encode(new LineProtocolEncoder(
                new SeriesSchema("t", MetricType.INT8, 1, 3), LinePrecision.S, true), i));
    }

    @Test
    void lineEndsMarkEveryWrittenLineInText() {
        RowBatch b = new RowBatch(MetricType.INT4, 1, 3);
        b.setLong(b.addRow(T0, 1), 0, 5);
        b.addRow(T0, 2); // no value: skipped, no line end
        b.setLong(b.addRow(T0, 3), 0, 66);
        LineProtocolEncoder e = new LineProtocolEncoder(new SeriesSchema("t", MetricType.INT4, 1, 3), LinePrecision.S);
        String text = encode(e, b);
        assertEquals(text.indexOf('\n') + 1, e.lineEnd(0));
        assertEquals(text.length(), e.lineEnd(1));
    }
}
