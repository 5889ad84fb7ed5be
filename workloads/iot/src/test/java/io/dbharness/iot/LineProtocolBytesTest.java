package io.dbharness.iot;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.SeriesTags;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The byte reader of plain lines gives what {@link LineProtocol#parse} gives, and leaves every other line to it. */
class LineProtocolBytesTest {

    private static final SeriesSchema SCHEMA = new SeriesSchema("m", "time", SeriesTags.seriesNumber("t"),
            List.of(MetricType.FLOAT8, MetricType.INT8, MetricType.FLOAT8), List.of("f", "n", "gü"), 3);

    private final LineProtocolBytes reader = new LineProtocolBytes(SCHEMA);
    private final RowBatch batch = new RowBatch(SCHEMA, 10);

    private boolean add(String line) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        return reader.add(b, SeriesBytes.seriesEnd(b, 0, b.length), b.length, 7, batch);
    }

    @Test
    void decimalsAreTheDoublesParseDoubleGives() {
        SplittableRandom random = new SplittableRandom(35);
        int taken = 0;
        for (int i = 0; i < 200_000; i++) {
            int digits = 1 + random.nextInt(17);
            StringBuilder v = new StringBuilder(random.nextInt(4) == 0 ? "-" : "");
            int point = random.nextInt(digits + 1);
            for (int d = 0; d < digits; d++) {
                if (d == point && random.nextBoolean()) {
                    v.append('.');
                }
                v.append((char) ('0' + random.nextInt(10)));
            }
            batch.clear();
            if (add("m,t=1 f=" + v + " 1000")) {
                taken++;
                double expected = LineProtocol.parse("m,t=1 f=" + v + " 1000").fields().get("f") instanceof Double d ? d : 0;
                assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(batch.doubles()[0]),
                        v.toString());
            }
        }
        assertTrue(taken > 150_000, taken + " taken");
    }

    @Test
    void aPlainLineGivesItsRow() {
        assertTrue(add("m,t=1 n=-42i,f=920.39 1650272400123456789"));
        assertEquals(1, batch.size());
        assertEquals(1650272400123456L, batch.tsMicros()[0]);
        assertEquals(7, batch.tagIds()[0]);
        assertEquals(920.39, batch.doubles()[0]);
        assertEquals(-42, batch.longs()[1]);
        assertFalse(batch.present()[2]);
        batch.clear();
        assertTrue(add("m,t=1 n=9223372036854775807u -1500"));
        assertEquals(Long.MAX_VALUE, batch.longs()[1]);
        assertEquals(-2, batch.tsMicros()[0], "floor, as the first read");
        batch.clear();
        assertTrue(add("m,t=1 gü=0.5 1000"), "0.5");
        batch.clear();
        assertTrue(add("m,t=1 f=.5 1000"), "f");
        batch.clear();
        assertTrue(add("m,t=1 gü=.5 1000"));
        assertEquals(0.5, batch.doubles()[2]);
    }

    /** What InfluxDB's parser takes as a float, and what only Java's does. */
    @Test
    void floatsAreInfluxDbs() {
        for (String v : new String[]{"1", "-1", "+1", "1.", ".5", "-.5", "1.5e3", "1E-3", "1e+3", "007"}) {
            assertTrue(LineProtocol.influxFloat(v), v);
        }
        for (String v : new String[]{"", "-", ".", "e3", "1e", "1e+", "1.5.2", "NaN", "Infinity", "-Inf", "0x1p3",
            "1.5d", "1f", " 1", "1 ", "1_0"}) {
            assertFalse(LineProtocol.influxFloat(v), v);
        }
    }

    @Test
    void everyOtherFormIsLeftToTheFullRead() {
        for (String line : new String[]{
            "m,t=1 f=1e5 1000", "m,t=1 f=NaN 1000", "m,t=1 f=\"x\" 1000", "m,t=1 f=t 1000", "m,t=1 f\\ x=1 1000",
            "m,t=1 f=1", "m,t=1 f=1 ", "m,t=1 f=1  1000", "m,t=1 f=1 1000 ", "m,t=1 f=1,f=2 1000", "m,t=1 h=1 1000",
            "m,t=1 f=1i 1000", "m,t=1 n=1 1000", "m,t=1 n=1.5i 1000", "m,t=1 f=1.5d 1000", "m,t=1 f=+1 1000",
            "m,t=1 f=- 1000", "m,t=1 f=1 +1000", "m,t=1 f=1 10000000000000000000", "m,t=1 f=1234567890123456 1000",
            "m,t=1 n=9223372036854775808i 1000", "m,t=1 f=1,n=2i, 1000", "m,t=1 =1 1000", "m,t=1 f= 1000",
            "m,t=1 g\u00a0ü=1 1000", "m,t=1 gü=1 1000 ", "m,t=1"}) {
            batch.clear();
            assertFalse(add(line), line);
            assertEquals(0, batch.size(), line);
        }
    }
}
