package io.dbharness.postgres;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerUsage;
import io.dbharness.tck.DeclaredMetrics;
import io.dbharness.core.api.MetricDescriptor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Server telemetry on a real PostgreSQL (a server of this class's own: one test changes its settings). The
 * assertions are on shapes (which waits show, which share falls), never on exact figures.
 */
@org.junit.jupiter.api.Tag("server")
class PgTelemetryTest {

    @RegisterExtension
    static final EmbeddedPostgres pg = new EmbeddedPostgres();

    /** iot-insert in small batches: a commit every few hundred rows, so commits (and their WAL syncs) abound. */
    private static RunResult ingest(String table, Object... more) throws Exception {
        RunSpec.Builder b = RunSpec.builder().target("postgres").workload("iot-insert").environment(Map.of())
                .option("url", pg.url()).option("user", "postgres").option("table-name", table)
                .option("tag-num", 2000).option("total-metrics-count", 10).option("ts-end", "2022-04-18 12:00:00")
                .option("write-batch-rows", 200).option("workers", 4).option("duration", "3s")
                .option("watch-interval", "500ms").option("clean", true).option("no-watch", true);
        for (int i = 0; i < more.length; i += 2) {
            b.option((String) more[i], more[i + 1]);
        }
        return Harness.run(b.build());
    }

    private static double walSyncShare(ServerUsage s) {
        return s.waitShare("IO:WalSync") + s.waitShare("IO:WALSync"); // PostgreSQL 17 renamed WALSync
    }

    @Test
    void anIngestShowsWalWaitsCountersAndBytesPerRow() throws Exception {
        long t0 = System.nanoTime();
        RunResult r = ingest("telemetry_ingest");
        double elapsed = (System.nanoTime() - t0) / 1e9;
        assertEquals(0, r.exitCode(), r.failure());
        ServerUsage s = r.resources().server();
        assertNotNull(s, "the postgres target offers server telemetry");
        assertEquals("PostgreSQL wait events of our backends", s.waitSource());
        // several looks a second over about three seconds
        assertTrue(s.waitSamples() >= 8, "looks: " + s.waitSamples());
        assertTrue(walSyncShare(s) > 0 || s.waitShare("LWLock:WAL") > 0, "WAL waits in " + s.waits());
        assertTrue(s.counters().get("wal_bytes") > 0, s.counters().toString());
        assertTrue(s.counters().get("commits") > 0, s.counters().toString());
        assertTrue(s.counters().containsKey("checkpoints_timed"), "PostgreSQL 17's pg_stat_checkpointer: " + s.counters());
        // each figure as the adapter declared it: reports classify the waits by it
        DeclaredMetrics.assertDeclared(s, PgTelemetry.METRICS);
        // a backend is caught on a CPU or not as the machine's load has it (a client slowed by other work leaves it
        // in ClientRead for every look): declared as CPU, and classified so when seen
        assertEquals(MetricDescriptor.Category.CPU, PgTelemetry.METRICS.describe("CPU", MetricDescriptor.Kind.WAIT).category());
        if (s.waits().containsKey("CPU")) {
            assertEquals(MetricDescriptor.Category.CPU, s.metric("CPU", MetricDescriptor.Kind.WAIT).category());
        }
        s.waits().keySet().stream().filter(w -> w.startsWith("IO:WalSync") || w.startsWith("IO:WALSync")).forEach(w ->
                assertEquals(MetricDescriptor.Category.WAL, s.metric(w, MetricDescriptor.Kind.WAIT).category(), w));
        // a telematics row: 8 + 4 + 10 numbers and a tuple header; its index entry on top
        assertTrue(s.bytesPerRow() > 30 && s.bytesPerRow() < 500, "bytes per row " + s.bytesPerRow());
        assertTrue(s.bytesPerPoint() > 0, "bytes per point " + s.bytesPerPoint());
        assertTrue(s.storedBytesEnd() > s.storedBytesStart(), s.storedBytesStart() + " -> " + s.storedBytesEnd());
        // connected by URL, the harness creates no extension on the server: said plainly
        assertTrue(s.statements().isEmpty());
        assertTrue(s.unavailable().getOrDefault("statements", "").contains("pg_stat_statements is not installed"),
                s.unavailable().toString());
        // the sampling's own cost: its one thread queried and used a CPU during the run, never longer than the call
        assertTrue(s.costQuerySeconds() > 0 && s.costQuerySeconds() < elapsed, s.costQuerySeconds() + " s of queries in "
                + elapsed + " s");
        assertTrue(s.costCpuSeconds() > 0 && s.costCpuSeconds() < elapsed, s.costCpuSeconds() + " s of CPU in " + elapsed + " s");
        // every interval has its part: the looks add up to the run's
        int looks = 0;
        for (IntervalSample i : r.intervals()) {
            assertNotNull(i.server(), "interval at " + i.endSeconds());
            looks += i.server().waitSamples();
        }
        assertEquals(s.waitSamples(), looks);
    }

    /**
     * A run over in well under a second: its backends had not published their counters when it ended (PostgreSQL
     * 15+ does so at most once a second), so the telemetry closes them before its last reading.
     */
    @Test
    void aSubSecondRunsCountersHoldEveryBatch() throws Exception {
        RunResult r = Harness.run(RunSpec.builder().target("postgres").workload("iot-insert").environment(Map.of())
                .option("url", pg.url()).option("user", "postgres").option("table-name", "telemetry_short")
                .option("tag-num", 100).option("total-metrics-count", 10).option("ts-end", "2022-04-18 09:10:00")
                .option("write-batch-rows", 1000).option("workers", 2).option("clean", true).option("no-watch", true)
                .build());
        assertEquals(0, r.exitCode(), r.failure());
        assertEquals(60_000, r.totals().counts().rows());
        ServerUsage s = r.resources().server();
        // a transaction per batch of 1,000 rows; the telemetry's own are among the commits too, never fewer
        assertTrue(s.counters().get("commits") >= 60, "run of " + r.totals().durationSeconds() + " s: " + s.counters());
        assertNull(s.unavailable().get("settle"), s.unavailable().toString());
    }

    @Test
    void withTheExtensionTheTopStatementIsTheCopy() throws Exception {
        pg.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
        try {
            RunResult r = ingest("telemetry_statements", "duration", "1s");
            ServerUsage s = r.resources().server();
            assertTrue(!s.statements().isEmpty(), s.unavailable().toString());
            assertTrue(s.statements().get(0).text().startsWith("COPY \"telemetry_statements\""), s.statements().toString());
            assertTrue(s.statements().stream().noneMatch(t -> t.text().contains("pg_stat_activity")),
                    "the telemetry's own queries are left out: " + s.statements());
            assertNull(s.unavailable().get("statements"));
        } finally {
            pg.execute("DROP EXTENSION pg_stat_statements");
        }
    }

    /**
     * Batches of 10 rows: commits dominate, not the WAL's volume (big batches fill WAL segments fast enough that
     * backends sync finished segments themselves, whatever synchronous_commit says).
     */
    @Test
    void synchronousCommitOffLowersTheWalSyncShare() throws Exception {
        ServerUsage on = ingest("telemetry_sync_on", "write-batch-rows", 10).resources().server();
        // the embedded server has synchronous_commit=on on its command line, which ALTER SYSTEM cannot override;
        // a database's own setting does, for every new session
        pg.execute("ALTER DATABASE postgres SET synchronous_commit = off");
        RunResult offRun;
        try {
            offRun = ingest("telemetry_sync_off", "write-batch-rows", 10);
        } finally {
            pg.execute("ALTER DATABASE postgres RESET synchronous_commit");
        }
        assertEquals("off", offRun.targetInfo().settings().get("synchronous_commit"), offRun.targetInfo().settings().toString());
        ServerUsage off = offRun.resources().server();
        assertTrue(walSyncShare(on) > 0, "WAL syncs with synchronous_commit on: " + on.waits());
        assertTrue(walSyncShare(off) < walSyncShare(on) / 2, "WalSync share " + walSyncShare(on) + "% with"
                + " synchronous_commit on, " + walSyncShare(off) + "% off: " + on.waits() + " vs " + off.waits());
    }

    @Test
    void serverTelemetryOffLeavesItOut() throws Exception {
        RunResult r = ingest("telemetry_off", "server-telemetry", "off", "duration", "1s");
        assertEquals(0, r.exitCode(), r.failure());
        assertTrue(r.resources() == null || r.resources().server() == null);
        assertTrue(r.intervals().stream().allMatch(i -> i.server() == null));
    }

    @Test
    void aBadValueIsRefused() {
        var e = org.junit.jupiter.api.Assertions.assertThrows(io.dbharness.core.api.UsageException.class,
                () -> ingest("telemetry_bad", "server-telemetry", "sometimes"));
        assertTrue(e.getMessage().contains("server-telemetry"), e.getMessage());
    }
}
