package io.dbharness.tools;

import io.dbharness.core.api.UsageException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Go's renderings the influxdb-comparisons commands print and read, checked against what Go prints. */
class GoTextTest {

    @Test
    void durationsAsGoParsesThem() {
        assertEquals(Duration.ofSeconds(10), GoText.duration("c", "f", "10s"));
        assertEquals(Duration.ofMinutes(90), GoText.duration("c", "f", "1h30m"));
        assertEquals(Duration.ofMillis(1500), GoText.duration("c", "f", "1.5s"));
        assertEquals(Duration.ofMillis(300), GoText.duration("c", "f", "300ms"));
        assertEquals(Duration.ofNanos(-1), GoText.duration("c", "f", "-1ns"));
        assertEquals(Duration.ofNanos(2500), GoText.duration("c", "f", "2.5µs"));
        assertEquals(Duration.ZERO, GoText.duration("c", "f", "0"));
        for (String bad : new String[] {"", "10", "10x", "s", "1h 30m", "1.5.5s"}) {
            UsageException e = assertThrows(UsageException.class, () -> GoText.duration("bulk_data_gen", "sampling-interval", bad));
            assertEquals("invalid value '" + bad + "' for bulk_data_gen flag -sampling-interval: expected a duration such as"
                    + " 10s, 1m30s or 500ms", e.getMessage());
        }
    }

    @Test
    void durationsAsGoPrintsThem() {
        // time.Duration.String(): what influxdb-comparisons' labels and logs show
        assertEquals("1h0m0s", GoText.duration(Duration.ofHours(1)));
        assertEquals("12h0m0s", GoText.duration(Duration.ofHours(12)));
        assertEquals("10s", GoText.duration(Duration.ofSeconds(10)));
        assertEquals("1m30s", GoText.duration(Duration.ofSeconds(90)));
        assertEquals("1.5s", GoText.duration(Duration.ofMillis(1500)));
        assertEquals("840.017632ms", GoText.duration(Duration.ofNanos(840_017_632)));
        assertEquals("2.5µs", GoText.duration(Duration.ofNanos(2500)));
        assertEquals("0s", GoText.duration(Duration.ZERO));
        assertEquals("-10s", GoText.duration(Duration.ofSeconds(-10)));
    }

    @Test
    void floatsAsEncodingJsonWritesThem() {
        // the seed's output: Go's shortest form in 'f' format
        assertEquals("0.1873922662068269", GoText.number(0.1873922662068269));
        assertEquals("5336.399523", GoText.number(5336.399523));
        assertEquals("19488.866605862047", GoText.number(19488.866605862047));
        assertEquals("194.970041166", GoText.number(194.970041166));
        assertEquals("100", GoText.number(100.0));
        assertEquals("0", GoText.number(0.0));
        assertEquals("-2.5", GoText.number(-2.5));
        // 'e' format below 1e-6 and from 1e21, the exponent without a leading zero
        assertEquals("1e-7", GoText.number(1e-7));
        assertEquals("1.5e-10", GoText.number(1.5e-10));
        assertEquals("0.000001", GoText.number(1e-6));
        assertEquals("1e+21", GoText.number(1e21));
        assertEquals("123456789012345680000", GoText.number(1.2345678901234568e20));
        assertThrows(IllegalArgumentException.class, () -> GoText.number(Double.POSITIVE_INFINITY));
    }

    @Test
    void mapsWithSortedKeysAsGoMarshalsThem() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("workers", 5);
        m.put("all queries", Map.of("max", 2.5, "count", 3L));
        m.put("InfluxDB (InfluxQL) a <b> & \"c\"", "");
        m.put("daemon_urls", List.of("http://h:8086"));
        assertEquals("{\"InfluxDB (InfluxQL) a \\u003cb\\u003e \\u0026 \\\"c\\\"\":\"\",\"all queries\":{\"count\":3,"
                + "\"max\":2.5},\"daemon_urls\":[\"http://h:8086\"],\"workers\":5}", GoText.json(m));
    }

    @Test
    void rfc3339AndIntegersAsGoReadsThem() {
        assertEquals(Instant.parse("2018-01-01T00:00:00Z"), GoText.rfc3339("c", "f", "2018-01-01T00:00:00Z"));
        assertEquals(Instant.parse("2017-12-31T16:00:00Z"), GoText.rfc3339("c", "f", "2018-01-01T00:00:00+08:00"));
        assertTrue(assertThrows(UsageException.class, () -> GoText.rfc3339("c", "timestamp-end", "2018-01-01 00:00:00"))
                .getMessage().endsWith("expected an RFC 3339 time such as 2018-01-01T00:00:00Z"));
        assertEquals(255, GoText.integer("c", "f", "0xff", 0, 1000));
        assertEquals(-1, GoText.integer("c", "f", "-1", -1, 10));
        assertEquals("invalid value '0' for c flag -workers: expected from 1 to 1024",
                assertThrows(UsageException.class, () -> GoText.integer("c", "workers", "0", 1, 1024)).getMessage());
        assertEquals("invalid value 'x' for c flag -workers: not a whole number",
                assertThrows(UsageException.class, () -> GoText.integer("c", "workers", "x", 1, 1024)).getMessage());
    }
}
