package io.dbharness.influx;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * InfluxDB 2's /metrics read as the run's account, on a golden text in the shape InfluxDB's documentation gives
 * (this machine cannot run InfluxDB 2; {@link InfluxV2ServerTest} checks the same against a real one when named).
 */
class InfluxMetricsTextTest {

    private static final String OURS = "0c3dd7d2d97f4b23";

    private static String golden() throws IOException {
        try (InputStream in = InfluxMetricsTextTest.class.getResourceAsStream("influx2-metrics.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void theBucketsStorageMetricsAndTheServersWriteCountersUnderTheNamesOfDebugVars() throws IOException {
        InfluxTelemetry.Reading r = InfluxTelemetry.parseMetrics(golden(), OURS);
        Map<String, Double> c = r.counters();
        assertEquals(26.0, c.get("write_requests"), "both write answers, 204 and 400: " + c);
        assertEquals(3.0, c.get("client_errors"), "every 4XX answer, as /debug/vars' clientError counts them");
        assertEquals(3.0, c.get("server_errors"));
        assertEquals(125_794.0, c.get("points_written_ok"));
        assertEquals(0.0, c.get("points_dropped"));
        assertEquals(12.0, c.get("points_failed"));
        assertEquals(125_787.0, c.get("shard_points_written"), "our two shards, not the other bucket's");
        assertEquals(1.0, c.get("shard_write_errors"));
        assertEquals(3.0, c.get("cache_compactions"), "level cache, ours only");
        assertEquals(3.0, c.get("tsm_compactions"), "levels 1 and full");
        assertEquals(18.0, c.get("wal_writes"));
        assertEquals(0.0, c.get("wal_write_errors"));
        Map<String, Double> g = r.gauges();
        assertEquals(1500.0, g.get("cache_bytes"));
        assertEquals(2048.0, g.get("wal_bytes"));
        assertEquals(200.0, g.get("series"));
        assertEquals(1.0, g.get("measurements"));
        assertEquals(3.5975168e8, g.get("heap_in_use_bytes"));
        assertEquals(2.27988488e8, g.get("heap_alloc_bytes"));
        assertEquals(6_000_000L, r.diskBytes(), "4,188,743 + 1,811,257 bytes of our shards");
        assertEquals(125_787.0, r.pointsWritten());
    }

    @Test
    void beforeTheBucketExistsOnlyTheServersCountersAreRead() throws IOException {
        InfluxTelemetry.Reading none = InfluxTelemetry.parseMetrics(golden(), null);
        assertEquals(-1, none.diskBytes(), "no shard of ours: size unknown, not 0");
        assertEquals(0.0, none.pointsWritten());
        assertNull(none.counters().get("shard_points_written"));
        assertEquals(125_794.0, none.counters().get("points_written_ok"));
        InfluxTelemetry.Reading other = InfluxTelemetry.parseMetrics(golden(), "ffffffffffffffff");
        assertEquals(-1, other.diskBytes());
    }

    @Test
    void aServerWithoutInfluxDb2sStorageMetricsIsNotReadAsOne() {
        assertNull(InfluxTelemetry.parseMetrics("# TYPE up gauge\nup 1\nhttp_api_requests_total{path=\"/api/v2/write\"} 4\n", OURS));
    }

    @Test
    void labelValuesKeepTheirCommasBracesQuotesAndEscapes() {
        List<PrometheusText.Sample> s = PrometheusText.parse(
                "m{a=\"x, y\",b=\"say \\\"hi\\\" {now}\",c=\"back\\\\slash\\nnext\"} -Inf\n"
                        + "n +Inf 1644269658196\r\n  \n# HELP n whatever\no{} NaN\rp{le=\"0.5\",} 2.5e-3\n"
                        + "q{path=\"C:\\\\wal\\\\\"} 7\n", n -> true).samples();
        assertEquals(5, s.size());
        assertEquals(Map.of("a", "x, y", "b", "say \"hi\" {now}", "c", "back\\slash\nnext"), s.get(0).labels());
        assertEquals(Double.NEGATIVE_INFINITY, s.get(0).value());
        assertEquals(Double.POSITIVE_INFINITY, s.get(1).value(), "a timestamp after the value is left aside");
        assertTrue(Double.isNaN(s.get(2).value()), "CR LF and a bare CR end lines too");
        assertEquals(Map.of("le", "0.5"), s.get(3).labels(), "a trailing comma is allowed");
        assertEquals(0.0025, s.get(3).value());
        assertEquals(Map.of("path", "C:\\wal\\"), s.get(4).labels(), "an escaped backslash before the closing quote");
    }

    @Test
    void aLineThatIsNotASampleIsLeftOutCountedAndTheFirstNamed() {
        PrometheusText.Parsed p = PrometheusText.parse("ok 1\nbroken{a=\"x} 1\nnovalue\nm{a=\"1\"} twelve\nfine 2\n", n -> true);
        assertEquals(List.of("ok", "fine"), p.samples().stream().map(PrometheusText.Sample::name).toList());
        assertEquals(3, p.unreadable());
        assertEquals("line 2 (label a has no closing quote): broken{a=\"x} 1", p.firstUnreadable());
        // only the metrics wanted are read at all: an odd line of another is not even seen
        assertEquals(0, PrometheusText.parse("broken{a=\"x} 1\nok 1\n", n -> n.equals("ok")).unreadable());
    }

    @Test
    void anOddLineCostsThatLineNotTheReading() throws IOException {
        InfluxTelemetry.Reading r = InfluxTelemetry.parseMetrics(golden() + "storage_wal_size{bucket=\"" + OURS + "\" 12\n",
                OURS);
        assertEquals(125_787.0, r.pointsWritten());
        assertTrue(r.note().startsWith("1 line(s) of /metrics were not samples and were left out; the first: line "),
                r.note());
        assertNull(InfluxTelemetry.parseMetrics(golden(), OURS).note());
    }
}
