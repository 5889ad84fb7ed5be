package io.dbharness.influx;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.ProgressListener;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Faults against a real influxd while the whole harness writes: the server frozen (SIGSTOP) past
 * {@code --op-timeout} and let go, and the server killed and started again. A point written twice is stored
 * once, so writes in doubt are sent again: nothing lost, nothing counted twice, and the count in the database
 * is the count the run reports.
 */
@org.junit.jupiter.api.Tag("server")
class InfluxFaultTest {

    /** 5,000 devices x 60 s, offered at 60,000 rows/s: a run of about 5 s, long enough to be hit mid-way. */
    private static final long PLANNED = 5_000 * 60L;

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

    private static RunSpec.Builder spec(String db) {
        return RunSpec.builder().target("influx").workload("iot-insert").option("influx-url", server.url())
                .option("influx-database", db).option("tag-num", 5_000).option("total-metrics-count", 10)
                .option("rate", 60_000).option("op-timeout", "2s").option("verify", true)
                .option("watch-interval", "200ms").environment(Map.of());
    }

    private static ProgressListener onceRowsFlow(CountDownLatch flowing) {
        return onceRowsFlow(flowing, new AtomicLong());
    }

    /** Counts {@code flowing} down once rows flow, and keeps the timeouts counted so far in {@code timeouts}. */
    private static ProgressListener onceRowsFlow(CountDownLatch flowing, AtomicLong timeouts) {
        return (sample, progress) -> {
            timeouts.set(progress.groups().get(0).counts().timeouts());
            if (progress.groups().get(0).counts().rows() > 0) {
                flowing.countDown();
            }
        };
    }

    private static Thread during(CountDownLatch flowing, List<Throwable> failures, ThrowingRunnable fault) {
        Thread t = new Thread(() -> {
            try {
                if (!flowing.await(60, TimeUnit.SECONDS)) {
                    throw new AssertionError("no rows flowed within 60 s");
                }
                fault.run();
            } catch (Throwable e) {
                failures.add(e);
            }
        }, "fault");
        t.start();
        return t;
    }

    interface ThrowingRunnable {
        void run() throws Exception;
    }

    /**
     * The server is asked to shut down (SIGTERM) as the verification begins: it answers 'query engine shutdown',
     * then refuses connections. Both are the target going away: the rows are UNCHECKED, exit 3, and one line says
     * the verification is retrying to reach it until when. It was FAILED, exit 1, "could not check the target".
     */
    @Test
    @Timeout(120)
    void aServerShuttingDownAsTheVerificationBeginsLeavesTheRowsUncheckedAndExits3() throws Exception {
        List<String> phases = new CopyOnWriteArrayList<>();
        ProgressListener shutDownAtVerification = new ProgressListener() {
            @Override
            public void onInterval(IntervalSample sample, Progress progress) {
            }

            @Override
            public void onPhase(String what) {
                phases.add(what);
                if (what.startsWith("verifying")) { // on the run's thread, before the verification: no race
                    server.terminate();
                }
            }
        };
        RunResult r;
        try {
            r = Harness.run(spec("fault_shutdown").option("tag-num", 100).option("reconnect-timeout", "2s")
                    .progress(shutDownAtVerification).build());
        } finally {
            server.restart();
        }
        assertEquals(io.dbharness.core.result.StopReason.COMPLETED, r.stopReason(), r.failure());
        assertEquals(0, r.totals().counts().errors(), () -> r.errors().toString());
        assertEquals("UNCHECKED", r.verification().status(), r.verification().message());
        assertTrue(r.verification().message().startsWith("the rows were not checked: the target was unreachable"
                + " (--reconnect-timeout 2 s"), r.verification().message());
        assertEquals(-1, r.verification().actual(), "nothing counted");
        assertEquals(3, r.exitCode(), "the target gone, not a failed verification");
        assertEquals(1, phases.stream().filter(p -> p.contains("retrying to reach it until")).count(), phases.toString());
    }

    private static void assertNothingLostNothingDoubled(RunResult r) {
        String detail = r.errors() + " " + r.totals();
        assertEquals(io.dbharness.core.result.StopReason.COMPLETED, r.stopReason(), r.failure() + " " + detail);
        assertNull(r.failure());
        assertEquals(0, r.totals().counts().errors(), detail);
        assertEquals(0, r.totals().counts().unknownRows(), "every write in doubt was sent again: " + detail);
        assertEquals(PLANNED, r.totals().counts().rows() + r.totals().counts().skippedRows(), "every row written once (or skipped: no value)");
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(r.totals().counts().rows(), r.verification().actual(), "points in the database = points reported");
        assertEquals(0, r.exitCode());
        assertTrue(r.targetInfo().serverVersion().startsWith("1."), r.targetInfo().serverVersion());
    }

    @Test
    void aServerFrozenPastTheOpTimeoutAndLetGoLosesNothing() throws Exception {
        CountDownLatch flowing = new CountDownLatch(1);
        AtomicLong timeouts = new AtomicLong();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        Thread fault = during(flowing, failures, () -> {
            server.freeze();
            try { // past --op-timeout 2s: until the frozen posts are seen to time out, within the reconnect budget
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (timeouts.get() == 0) {
                    assertTrue(System.nanoTime() < until, "no post timed out within 60 s of the freeze");
                    Thread.sleep(20);
                }
            } finally {
                server.thaw();
            }
        });
        RunResult r = Harness.run(spec("fault_frozen").progress(onceRowsFlow(flowing, timeouts)).build());
        fault.join();
        assertTrue(failures.isEmpty(), failures.toString());
        assertNothingLostNothingDoubled(r);
        assertTrue(r.totals().counts().timeouts() >= 1, "the frozen posts timed out: " + r.totals());
        assertTrue(r.totals().counts().retries() >= 1, "and were sent again: " + r.totals());
    }

    /**
     * The server asked to shut down mid-run (a service stop) and started again: InfluxDB 1.x answers the writes in
     * flight "HTTP 500: write failed" after storing them. They are sent again: nothing lost, nothing counted as failed.
     * It aborted the run, 6,666 stored rows counted as failed and the verification FAILED.
     */
    @Test
    @Timeout(180)
    void aServerShutDownAndStartedAgainLosesNothing() throws Exception {
        CountDownLatch flowing = new CountDownLatch(1);
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        Thread fault = during(flowing, failures, () -> {
            server.terminate();
            server.restart(); // waits for the old one to be gone
        });
        RunResult r = Harness.run(spec("fault_terminated").progress(onceRowsFlow(flowing)).build());
        fault.join();
        assertTrue(failures.isEmpty(), failures.toString());
        assertNothingLostNothingDoubled(r);
    }

    @Test
    void aServerKilledAndStartedAgainLosesNothing() throws Exception {
        CountDownLatch flowing = new CountDownLatch(1);
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        Thread fault = during(flowing, failures, () -> {
            server.kill();
            Thread.sleep(1_000);
            server.restart();
        });
        RunResult r = Harness.run(spec("fault_killed").progress(onceRowsFlow(flowing)).build());
        fault.join();
        assertTrue(failures.isEmpty(), failures.toString());
        assertNothingLostNothingDoubled(r);
        assertTrue(r.totals().counts().reconnects() >= 1, "the writers reconnected: " + r.totals());
        // the telemetry read /debug/vars every 200 ms through a second or more of the server away: a gap, marked,
        // closed by the end (the server was back for the verification)
        var s = r.resources().server();
        assertFalse(s.gaps().isEmpty(), "the telemetry's loss is in the result: " + s);
        assertTrue(s.gaps().stream().allMatch(io.dbharness.core.result.TelemetryGap::closed), s.gaps().toString());
        assertTrue(s.storedBytesEnd() > 0, "read at the end, on the new session: " + s);
    }
}
