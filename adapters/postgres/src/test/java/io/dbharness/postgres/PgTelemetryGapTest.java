package io.dbharness.postgres;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.ProgressListener;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerUsage;
import io.dbharness.core.result.TelemetryGap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server telemetry's session lost mid-run (its backend terminated, the server restarted, a backend killed so
 * the server recovers from a crash): it is re-opened as the workers' connections are, the gap is in the result, and
 * the counters cover the whole run, or say they are partial where a crash reset them. Each fault waits for a third of
 * the rows to be written (a state, not a time), so the run has counted well past what the workers redo after it.
 */
@org.junit.jupiter.api.Tag("server")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class PgTelemetryGapTest {

    private static final int TAGS = 40_000;
    private static final long PLANNED = TAGS * 60L;
    private static final int BATCH = 1000;

    /** This class's own server: its tests end its backends, restart it, crash it. */
    @RegisterExtension
    static final EmbeddedPostgres server = new EmbeddedPostgres();

    private static RunSpec.Builder spec(String table) {
        return RunSpec.builder().target("postgres").workload("iot-insert").environment(Map.of())
                .option("url", server.url()).option("user", "postgres").option("table-name", table)
                .option("clean", true).option("tag-num", TAGS).option("total-metrics-count", 10)
                .option("write-batch-rows", BATCH).option("verify", true).option("watch-interval", "200ms");
    }

    /** Counts down once a third of the planned rows are written. */
    private static final class Third implements ProgressListener {
        final CountDownLatch reached = new CountDownLatch(1);

        @Override
        public void onInterval(IntervalSample sample, Progress progress) {
            if (progress.groups().get(0).counts().rows() >= PLANNED / 3) {
                reached.countDown();
            }
        }
    }

    interface Fault {
        void run() throws Exception;
    }

    /**
     * Runs {@code table}'s ingest with {@code fault} once a third of its rows are in; the fault's failure fails the
     * test, and so does a run that did not write and verify every row.
     */
    private static RunResult runWith(String table, Fault fault) throws Exception {
        RunResult r = run(spec(table), fault);
        assertEquals(0, r.exitCode(), r.failure() + " " + r.errors() + " " + r.totals() + " " + r.verification());
        assertEquals(PLANNED, r.totals().counts().rows());
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        return r;
    }

    private static RunResult run(RunSpec.Builder spec, Fault fault) throws Exception {
        Third third = new Third();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        Thread t = new Thread(() -> {
            try {
                if (!third.reached.await(120, TimeUnit.SECONDS)) {
                    throw new AssertionError("a third of the rows were not written within 120 s");
                }
                fault.run();
            } catch (Throwable e) {
                failures.add(e);
            }
        }, "fault");
        t.start();
        RunResult r = Harness.run(spec.progress(third).build());
        t.join();
        assertTrue(failures.isEmpty(), failures.toString());
        assertEquals(io.dbharness.core.result.StopReason.COMPLETED, r.stopReason(), r.failure() + " " + r.errors());
        return r;
    }

    /** The telemetry's backend (its own application name), -1 when it has none now. */
    private static long telemetryPid() throws Exception {
        return server.count("SELECT coalesce(max(pid), -1) FROM pg_stat_activity WHERE application_name = '"
                + PgTelemetry.APPLICATION + "'");
    }

    /** The gaps: at least one, each closed, in the run's time; the intervals carry them. */
    private static void assertGapsMarked(RunResult r) {
        ServerUsage s = r.resources().server();
        assertFalse(s.gaps().isEmpty(), "the loss is in the result: " + s);
        for (TelemetryGap g : s.gaps()) {
            assertTrue(g.closed() && g.lostAtSeconds() >= 0 && g.backAtSeconds() >= g.lostAtSeconds(), g.toString());
            assertTrue(g.why() != null && !g.why().isBlank(), g.toString());
        }
        assertTrue(r.intervals().stream().anyMatch(i -> i.server() != null && !i.server().gaps().isEmpty()),
                "an interval carries the gap");
        assertTrue(s.partial().containsKey("waits"), "no looks during the gap: " + s.partial());
        // the summary's figures are back: the waits looked at and the bytes stored at the end
        assertTrue(s.waitSamples() > 0 && s.waitSource() != null, s.toString());
        assertTrue(s.storedBytesEnd() > 0, s.toString());
    }

    /** The counters hold the whole run: a commit per batch at least, and WAL for the rows written. */
    private static void assertCountersCoverTheRun(RunResult r) {
        Map<String, Double> c = r.resources().server().counters();
        assertTrue(c.getOrDefault("commits", 0.0) >= PLANNED / BATCH, "commits " + c + " for " + PLANNED / BATCH + " batches");
        assertTrue(c.getOrDefault("wal_bytes", 0.0) > 0.5 * r.totals().counts().bytes(),
                "WAL " + c.get("wal_bytes") + " for " + r.totals().counts().bytes() + " bytes written");
        double intervals = r.intervals().stream().filter(i -> i.server() != null)
                .mapToDouble(i -> i.server().counters().getOrDefault("commits", 0.0)).sum();
        assertEquals(c.get("commits"), intervals, 0.5, "the intervals add up to the run");
    }

    @Test
    void theTelemetrysBackendTerminatedIsReopenedAndItsCountersCoverTheRun() throws Exception {
        RunResult r = runWith("gap_terminate", () -> {
            long pid = telemetryPid();
            assertTrue(pid > 0, "the telemetry has a backend of its own");
            assertEquals(1, server.count("SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity"
                    + " WHERE pid = " + pid));
        });
        assertGapsMarked(r);
        assertCountersCoverTheRun(r);
        // the server kept counting: nothing was reset, no counter is short
        assertFalse(r.resources().server().partial().containsKey("commits"), r.resources().server().partial().toString());
    }

    @Test
    void aFastRestartIsAGapAndTheCountersCoverTheRun() throws Exception {
        RunResult r = runWith("gap_restart", server::restartFast);
        assertGapsMarked(r);
        // PostgreSQL 15+ keeps its statistics across a clean shutdown: the counters go on
        assertCountersCoverTheRun(r);
    }

    /**
     * A backend killed: the server ends every session and recovers from a crash, which resets its statistics. The
     * counters count again from the restart and say they are partial. The workers come through as from any lost
     * connection: a batch cut at its COMMIT is settled although the crash may have handed its transaction id out
     * again (TxidAfterCrashTest), so the run passes its verification with every row, and no --max-errors is needed.
     */
    @Test
    void aCrashResetsTheCountersWhichAreThenPartial() throws Exception {
        server.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements"); // the crash resets its counts too
        RunResult r = runWith("gap_crash", () -> {
            long pid = telemetryPid();
            assertTrue(pid > 0, "the telemetry has a backend of its own");
            assertTrue(ProcessHandle.of(pid).orElseThrow().destroyForcibly(), "SIGKILL to " + pid);
        });
        assertEquals(0, r.totals().counts().errors() + r.totals().counts().unknownRows(), r.errors().toString());
        assertTrue(r.totals().counts().reconnects() >= 1, "the workers' connections were lost too: " + r.totals());
        assertGapsMarked(r);
        ServerUsage s = r.resources().server();
        assertTrue(s.partial().containsKey("commits") && s.partial().get("commits").contains("reset"), s.partial().toString());
        assertTrue(s.counters().getOrDefault("commits", 0.0) > 0, "counted since the restart: " + s.counters());
        assertFalse(s.statements().isEmpty(), s.unavailable().toString());
        assertTrue(s.partial().containsKey("statements"), "the COPY's calls before the crash are gone: " + s.partial());
    }
}
