package io.dbharness.influx;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerUsage;
import io.dbharness.tck.DeclaredMetrics;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** InfluxDB's own account of a run, from /debug/vars of Debian's influxd started for the test. */
@org.junit.jupiter.api.Tag("server")
class InfluxTelemetryTest {

    private static InfluxServer server;

    @BeforeAll
    static void start() throws Exception {
        server = InfluxServer.start(false);
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void thePointsTheServerCountedAreThePointsTheRunReports() throws Exception {
        RunResult r = Harness.run(RunSpec.builder().target("influx").workload("iot-insert")
                .option("influx-url", server.url()).option("influx-database", "telemetry").option("table-name", "telematics")
                .option("tag-num", 500).option("total-metrics-count", 10).option("ts-end", "2022-04-18 09:01:00")
                .option("generator-empty-value-ratio", 0).option("workers", 2).option("watch-interval", "500ms")
                .option("verify", true).option("no-watch", true).environment(Map.of()).build());
        assertEquals(0, r.exitCode(), r.failure());
        ServerUsage s = r.resources().server();
        // an InfluxDB point is one line: the harness's row (the harness's points are the values in it)
        assertEquals((double) r.totals().counts().rows(), s.pointsWritten(), "points the server's shards took in");
        assertEquals(r.totals().counts().rows(), Math.round(s.counters().get("shard_points_written")));
        assertEquals(r.totals().counts().rows(), Math.round(s.counters().getOrDefault("points_written_ok", -1.0)), "the HTTP service's count: " + s.counters() + " " + s.gauges());
        assertTrue(s.counters().get("write_requests") > 0, s.counters().toString());
        assertEquals(0.0, s.counters().getOrDefault("points_dropped", 0.0), s.counters().toString());
        assertTrue(s.gauges().get("series") >= 500, "series cardinality at the end: " + s.gauges());
        DeclaredMetrics.assertDeclared(s, InfluxTelemetry.METRICS);
        assertTrue(s.storedBytesEnd() >= 0, "shard bytes: " + s.storedBytesEnd());
        assertNull(s.waitSource());
        assertEquals("InfluxDB has no wait events to sample", s.unavailable().get("waits"));
        assertEquals("InfluxDB keeps no statistics per statement", s.unavailable().get("statements"));
    }
}
