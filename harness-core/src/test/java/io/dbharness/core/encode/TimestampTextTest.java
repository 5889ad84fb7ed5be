package io.dbharness.core.encode;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TimestampTextTest {

    private final TimestampText ts = new TimestampText();

    private String text(long micros) {
        ByteSink s = new ByteSink(32);
        ts.write(micros, s);
        return new String(s.toByteArray(), StandardCharsets.US_ASCII);
    }

    private static long micros(String iso) {
        LocalDateTime t = LocalDateTime.parse(iso);
        return t.toEpochSecond(ZoneOffset.UTC) * 1_000_000L + t.getNano() / 1000;
    }

    @Test
    void wholeSecondsHaveNoFraction() {
        assertEquals("2022-04-18 09:00:00", text(micros("2022-04-18T09:00:00")));
        assertEquals("1970-01-01 00:00:00", text(0));
        assertEquals("2000-02-29 23:59:59", text(micros("2000-02-29T23:59:59")));
    }

    @Test
    void fractionIsTrimmed() {
        long base = micros("2022-04-18T09:00:00");
        assertEquals("2022-04-18 09:00:00.5", text(base + 500_000));
        assertEquals("2022-04-18 09:00:00.000001", text(base + 1));
        assertEquals("2022-04-18 09:00:00.12345", text(base + 123_450));
        assertEquals("2022-04-18 09:00:00", text(base));
    }

    @Test
    void beforeTheEpoch() {
        assertEquals("1969-12-31 23:59:59.999999", text(-1));
        assertEquals("1900-03-01 12:00:00", text(micros("1900-03-01T12:00:00")));
    }

    @Test
    void matchesJavaTimeOverManyDates() {
        DateTimeFormatter f = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
        SplittableRandom r = new SplittableRandom(5);
        long min = micros("0001-01-01T00:00:00");
        long max = micros("9999-12-31T23:59:59");
        for (int i = 0; i < 200_000; i++) {
            long m = r.nextLong(min, max);
            if (i % 2 == 0) {
                m -= Math.floorMod(m, 1_000_000L);
            }
            LocalDateTime t = LocalDateTime.ofEpochSecond(Math.floorDiv(m, 1_000_000L), (int) Math.floorMod(m, 1_000_000L) * 1000, ZoneOffset.UTC);
            String expected = t.format(f);
            int micros = t.getNano() / 1000;
            if (micros != 0) {
                String frac = String.format("%06d", micros).replaceAll("0+$", "");
                expected += "." + frac;
            }
            assertEquals(expected, text(m));
        }
    }
}
