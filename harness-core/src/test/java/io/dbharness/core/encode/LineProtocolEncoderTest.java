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
}
