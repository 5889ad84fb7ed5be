package io.dbharness.questdb;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerUsage;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** QuestDB's own account of a run on the embedded server: the rows it took in are the rows the run wrote. */
class QuestDbTelemetryTest {

    @Test
    void theRowsTheServerTookInAreTheRowsTheRunWrote() throws Exception {
        RunResult r = Harness.run(RunSpec.builder().target("questdb").workload("iot-insert")
                .option("questdb-http", EmbeddedQuestDbFixture.httpUrl())
                .option("questdb-pg", "127.0.0.1:" + EmbeddedQuestDbFixture.pgPort())
                .option("table-name", "telemetry_rows").option("tag-num", 500).option("total-metrics-count", 10)
                .option("ts-end", "2022-04-18 09:01:00").option("workers", 2).option("watch-interval", "500ms")
                .option("clean", true).option("verify", true).option("no-watch", true).environment(Map.of()).build());
        assertEquals(0, r.exitCode(), r.failure());
        ServerUsage s = r.resources().server();
        assertEquals((double) r.totals().rows(), s.pointsWritten(), "rows applied to the tables over the run: " + s.unavailable());
        assertTrue(s.counters().get("wal_transactions_committed") > 0, s.counters().toString());
        assertEquals(0.0, s.gauges().get("wal_tables_suspended"), s.gauges().toString());
        assertTrue(s.storedBytesEnd() > s.storedBytesStart(), s.storedBytesStart() + " -> " + s.storedBytesEnd());
        assertTrue(s.bytesPerRow() > 0, "bytes per row " + s.bytesPerRow());
        assertNull(s.waitSource());
        assertEquals("QuestDB keeps no statistics per statement", s.unavailable().get("statements"));
    }
}
