package io.dbharness.postgres;

import io.dbharness.core.api.TargetException;
import io.dbharness.core.engine.Engine;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.engine.StopSignal;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.ProgressListener;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Faults against a real PostgreSQL while the whole harness runs iot-insert: backends terminated, a fast
 * restart, an outage, a table locked past the deadline, a server that refuses more connections. The server
 * is this class's own, since the tests kill and restart it. What must hold: the run survives what can be
 * survived, every row is accounted for (reported written = rows in the table), and every wait is bounded.
 * With {@code --pg-track-commits} (the default) even a COMMIT whose answer was lost is resolved, so the
 * counts are exact; without it, such rows are of unknown fate and the verification says how many landed.
 */
@org.junit.jupiter.api.Tag("server")
class PostgresFaultTest {

    /**
     * 40,000 devices x 60 s: a run of a few seconds on a small machine. Each fault waits for the state it needs
     * (rows flowing, writers back on new connections), not for a time, and lands within a moment of it: well
     * before the end of 2.4 million rows, however fast the machine.
     */
    private static final int TAGS = 40_000;
    private static final long PLANNED = TAGS * 60L;
    /** The default --op-timeout, set explicitly where a test tells the grace from it. */
    private static final Duration OP_TIMEOUT = Duration.ofSeconds(60);

    /** This class's own server: its tests stop and restart it. */
    @RegisterExtension
    static final EmbeddedPostgres server = new EmbeddedPostgres();

    private static RunSpec.Builder spec(String table) {
        return RunSpec.builder().target("postgres").workload("iot-insert")
                .option("host", "localhost").option("port", server.port()).option("user", "postgres")
                .option("database", "postgres").option("table-name", table).option("clean", true)
                .option("tag-num", TAGS).option("total-metrics-count", 10).option("verify", true)
                .option("watch-interval", "200ms").environment(Map.of());
    }

    /**
     * The run's state for the faults to wait for: {@link #flowing} once rows are written (so a fault lands mid-run
     * rather than before the first batch), the group's figures at the last interval, {@link #verifying} once the
     * workers are done and the verification begins.
     */
    private static final class Watch implements ProgressListener {
        final CountDownLatch flowing = new CountDownLatch(1);
        final CountDownLatch verifying = new CountDownLatch(1);
        volatile GroupProgress last;

        @Override
        public void onInterval(IntervalSample sample, Progress progress) {
            last = progress.groups().get(0);
            if (last.counts().rows() > 0) {
                flowing.countDown();
            }
        }

        @Override
        public void onPhase(String what) {
            if (what.startsWith("verifying")) {
                verifying.countDown();
            }
        }
    }

    interface Condition {
        boolean holds() throws Exception;
    }

    /** Polls {@code condition} for up to 60 s; fails saying what did not happen. */
    private static void await(String what, Condition condition) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.holds()) {
            if (System.nanoTime() - until > 0) {
                throw new AssertionError("not within 60 s: " + what);
            }
            Thread.sleep(20);
        }
    }

    private static Connection admin() throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", "postgres");
        p.setProperty("ApplicationName", "fault-test");
        return DriverManager.getConnection("jdbc:postgresql://localhost:" + server.port() + "/postgres", p);
    }

    /** Terminates every backend of the harness (its writers and its spare pool connection); returns their pids. */
    private static List<Integer> terminateHarnessBackends() throws SQLException {
        try (Connection c = admin(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                "SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity "
                        + "WHERE application_name = 'dbharness' AND pid <> pg_backend_pid()")) {
            List<Integer> terminated = new ArrayList<>();
            while (rs.next()) {
                if (rs.getBoolean(2)) {
                    terminated.add(rs.getInt(1));
                }
            }
            return terminated;
        }
    }

    /** Backends of the harness at work (in a statement or a transaction), other than those of {@code gone}. */
    private static int harnessBackendsAtWork(List<Integer> gone) throws SQLException {
        String except = gone.stream().map(pid -> " AND pid <> " + pid).collect(java.util.stream.Collectors.joining());
        try (Connection c = admin(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'dbharness' AND state <> 'idle'" + except)) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static long count(String table) throws SQLException {
        try (Connection c = admin(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*) FROM \"" + table + "\"")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Runs {@code fault} on its own thread once rows flow; its failure fails the test. */
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

    private static void assertEveryRowAccountedFor(RunResult r, String table) throws SQLException {
        assertEquals(io.dbharness.core.result.StopReason.COMPLETED, r.stopReason(), r.failure() + " " + r.errors() + " " + r.totals());
        assertNull(r.failure());
        assertEquals(0, r.totals().counts().errors(), "faults survived are not errors: " + r.errors());
        assertEquals(0, r.totals().counts().unknownRows(), "every lost write was resolved");
        assertEquals(PLANNED, r.totals().counts().rows(), "reported rows = planned rows");
        assertEquals(PLANNED, count(table), "rows in the table = planned rows");
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(0, r.exitCode());
        assertTrue(r.targetInfo().serverVersion().startsWith("17"), "read at the start: " + r.targetInfo().serverVersion());
    }

    @Test
    void backendsTerminatedTwiceMidRun() throws Exception {
        Watch watch = new Watch();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        List<Integer> terminated = new CopyOnWriteArrayList<>();
        Thread fault = during(watch.flowing, failures, () -> {
            List<Integer> first = terminateHarnessBackends();
            terminated.add(first.size());
            // the second blow once both writers are back at work on new connections, however long that took
            await("both writers at work on new connections", () -> harnessBackendsAtWork(first) >= 2);
            terminated.add(terminateHarnessBackends().size());
        });
        RunResult r = Harness.run(spec("fault_terminate").progress(watch).build());
        fault.join();
        assertTrue(failures.isEmpty(), failures.toString());
        assertTrue(terminated.get(0) >= 2 && terminated.get(1) >= 2, "both writers were hit each time: " + terminated);
        assertEveryRowAccountedFor(r, "fault_terminate");
        assertTrue(r.totals().counts().reconnects() >= 2, "reconnects " + r.totals().counts().reconnects());
        assertTrue(r.totals().counts().retries() + r.totals().counts().reconnects() >= 2);
    }

    @Test
    void withoutCommitTrackingALostWriteIsCountedAsUnknownAndReconciled() throws Exception {
        Watch watch = new Watch();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        Thread fault = during(watch.flowing, failures, PostgresFaultTest::terminateHarnessBackends);
        RunResult r = Harness.run(spec("fault_untracked").option("pg-track-commits", false).option("max-errors", 10)
                .progress(watch).build());
        fault.join();
        assertTrue(failures.isEmpty(), failures.toString());
        assertEquals(io.dbharness.core.result.StopReason.COMPLETED, r.stopReason(), r.failure() + " " + r.errors());
        assertEquals("unknown after a lost commit", r.targetInfo().settings().get("lost_write_fate"));
        long stored = count("fault_untracked");
        long unknown = r.totals().counts().unknownRows();
        assertEquals(PLANNED, r.totals().counts().rows() + r.totals().counts().failedRows() + unknown, "every planned row is in one count");
        assertTrue(stored >= r.totals().counts().rows() && stored <= r.totals().counts().rows() + unknown, stored + " vs " + r.totals());
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(stored > r.totals().counts().rows() ? stored - r.totals().counts().rows() : -1, r.verification().unknownLanded(),
                "how many of the rows of unknown fate landed, when any did");
        assertEquals(r.totals().counts().errors() > 0 ? 1 : 0, r.exitCode());
    }

    /**
     * A writer's backend killed (kill -9): the server ends every session and recovers from a crash, refusing
     * connections meanwhile (57P03), and may hand out again the transaction ids of batches cut by it. The workers
     * reconnect, the cut batches are settled or sent again, and every row is in the table once.
     */
    @Test
    void aWritersBackendKilledMidRunCrashesTheServerAndEveryRowIsStillCountedOnce() throws Exception {
        Watch watch = new Watch();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        Thread fault = during(watch.flowing, failures, () -> {
            long pid;
            try (Connection c = admin(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                    "SELECT coalesce(max(pid), -1) FROM pg_stat_activity WHERE application_name = 'dbharness'"
                            + " AND state <> 'idle'")) {
                rs.next();
                pid = rs.getLong(1);
            }
            assertTrue(pid > 0, "a writer at work");
            assertTrue(ProcessHandle.of(pid).orElseThrow().destroyForcibly(), "SIGKILL to " + pid);
        });
        RunResult r = Harness.run(spec("fault_crash").progress(watch).build());
        fault.join();
        assertTrue(failures.isEmpty(), failures.toString());
        assertEveryRowAccountedFor(r, "fault_crash");
        assertTrue(r.totals().counts().reconnects() >= 2, "every writer lost its connection: " + r.totals());
    }

    @Test
    void fastRestartMidRun() throws Exception {
        Watch watch = new Watch();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        Thread fault = during(watch.flowing, failures, server::restartFast);
        RunResult r = Harness.run(spec("fault_restart").progress(watch).build());
        fault.join();
        assertTrue(failures.isEmpty(), failures.toString());
        assertEveryRowAccountedFor(r, "fault_restart");
        assertTrue(r.totals().counts().reconnects() >= 1, "reconnects " + r.totals().counts().reconnects());
    }

    @Test
    void anOutageOfSecondsIsWaitedOut() throws Exception {
        Watch watch = new Watch();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        Thread fault = during(watch.flowing, failures, () -> {
            server.stopFast();
            Thread.sleep(4_000); // the outage itself
            server.startAgain();
        });
        RunResult r = Harness.run(spec("fault_outage").progress(watch).build());
        fault.join();
        assertTrue(failures.isEmpty(), failures.toString());
        assertEveryRowAccountedFor(r, "fault_outage");
        assertTrue(r.totals().durationSeconds() > 4, "the outage is inside the run: " + r.totals().durationSeconds());
    }

    @Test
    void aServerStillGoneWhenTheRunEndsFailsTheRunInsteadOfCuttingItsWritesOff() throws Exception {
        // gone past --duration but within --reconnect-timeout: the writes in flight failed, the end did not cut them
        Watch watch = new Watch();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        Thread fault = during(watch.flowing, failures, server::stopFast);
        RunResult r;
        try {
            r = Harness.run(spec("fault_gone").option("tag-num", 400_000).option("duration", "3s")
                    .option("reconnect-timeout", "5m").progress(watch).build());
        } finally {
            fault.join();
            server.startAgain();
        }
        assertTrue(failures.isEmpty(), failures.toString());
        assertEquals(io.dbharness.core.result.StopReason.ABORTED, r.stopReason(), r.failure());
        assertEquals(3, r.exitCode(), "the target unreachable: " + r.failure());
        assertTrue(r.failure().contains("could not re-open it before the run ended"), r.failure());
        assertTrue(r.totals().counts().errors() >= 1, () -> "the writes in flight failed: " + r.totals());
        assertEquals(0, r.totals().counts().cutOff(), () -> "nothing cut off: " + r.totals());
        // asked once: the server refusing connections is not one restarting, so no waiting out the checks' limit
        assertEquals("UNCHECKED", r.verification().status());
        assertTrue(r.verification().message().contains("the rows were not checked: the target was unreachable"),
                r.verification().message());
    }

    /**
     * The server stops as the verification begins (the run itself went well): its connections are refused for
     * --reconnect-timeout, then the rows are said not checked (not failed) and the run exits 3, target unreachable.
     * It took the checks' whole limit (65 s) and ended FAILED, exit 1.
     */
    @Test
    @Timeout(40)
    void aServerGoneWhenTheVerificationBeginsLeavesTheRowsUncheckedAndExits3() throws Exception {
        List<String> phases = new CopyOnWriteArrayList<>();
        ProgressListener stopAtVerification = new ProgressListener() {
            @Override
            public void onInterval(IntervalSample sample, Progress progress) {
            }

            @Override
            public void onPhase(String what) {
                phases.add(what);
                if (what.startsWith("verifying")) { // on the run's thread, before the verification: no race
                    try {
                        server.stopFast();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
        };
        RunResult r;
        try {
            // 10 s, not 2: the retry line comes only when the first try fails before the deadline, on a busy machine too
            r = Harness.run(spec("fault_verify_gone").option("tag-num", 1_000).option("reconnect-timeout", "10s")
                    .progress(stopAtVerification).build());
        } finally {
            server.startAgain();
        }
        assertEquals(io.dbharness.core.result.StopReason.COMPLETED, r.stopReason(), r.failure());
        assertEquals(0, r.totals().counts().errors(), () -> r.errors().toString());
        assertEquals("UNCHECKED", r.verification().status(), r.verification().message());
        assertTrue(r.verification().message().startsWith("the rows were not checked: the target was unreachable"
                + " (--reconnect-timeout 10"), r.verification().message());
        assertEquals(-1, r.verification().actual(), "nothing counted");
        assertEquals(3, r.exitCode(), "the target unreachable, not a failed verification");
        // the rows were all written before the server went: they are there once it is back
        assertEquals(r.totals().counts().rows(), count("fault_verify_gone"));
        // not a silent wait: one line (not one per try) says it retries, and until when
        List<String> retrying = phases.stream().filter(p -> p.contains("retrying to reach it until")).toList();
        assertEquals(1, retrying.size(), phases.toString());
        assertTrue(retrying.get(0).matches("the target is unreachable \\(.+\\); retrying to reach it until"
                + " \\d\\d:\\d\\d:\\d\\d \\(--reconnect-timeout 10 s\\)"), retrying.get(0));
    }

    /**
     * Ctrl-C while the verification retries to reach a server gone: the retries end at once and the rows are
     * UNCHECKED (never counted), the run INTERRUPTED, exit 130. It was FAILED, stop reason COMPLETED, after 5 s more.
     */
    @Test
    @Timeout(40)
    void aStopWhileTheVerificationRetriesLeavesTheRowsUncheckedAndTheRunInterrupted() throws Exception {
        StopSignal stop = new StopSignal();
        ProgressListener stopServerThenRun = new ProgressListener() {
            @Override
            public void onInterval(IntervalSample sample, Progress progress) {
            }

            @Override
            public void onPhase(String what) {
                try {
                    if (what.startsWith("verifying")) {
                        server.stopFast();
                    } else if (what.contains("retrying to reach it until")) { // the state Ctrl-C is pressed in
                        stop.request("SIGINT", 130);
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        };
        RunResult r;
        try {
            // a minute to retry: only the stop can end the verification within the test's timeout
            r = Harness.run(spec("fault_verify_stopped").option("tag-num", 1_000).option("reconnect-timeout", "60s")
                    .progress(stopServerThenRun).stopSignal(stop).build());
        } finally {
            server.startAgain();
        }
        assertEquals("UNCHECKED", r.verification().status(), r.verification().message());
        assertEquals("the rows were not checked: stopped (SIGINT) before the verification finished",
                r.verification().message());
        assertEquals(-1, r.verification().actual(), "nothing counted");
        assertEquals(io.dbharness.core.result.StopReason.INTERRUPTED, r.stopReason(), "signalled during its verification");
        assertEquals(130, r.exitCode());
    }

    @Test
    void aTableLockedPastTheDurationEndsTheRunWithinTheGrace() throws Exception {
        Watch watch = new Watch();
        CountDownLatch locked = new CountDownLatch(1);
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        Thread lock = during(watch.flowing, failures, () -> {
            try (Connection c = admin(); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                st.execute("LOCK TABLE fault_lock IN ACCESS EXCLUSIVE MODE");
                locked.countDown();
                // held until the workers are done (the verification's count then waits for it): nothing but the
                // grace's cancel can end the blocked writes before the op-timeout
                try {
                    assertTrue(watch.verifying.await(2 * OP_TIMEOUT.toSeconds(), TimeUnit.SECONDS),
                            "the run's workers still not done 2 op-timeouts later");
                } finally {
                    c.rollback();
                }
            }
        });
        RunResult r = Harness.run(spec("fault_lock").option("tag-num", 400_000).option("duration", "3s")
                .option("op-timeout", OP_TIMEOUT.toSeconds() + "s").progress(watch).build());
        lock.join();
        assertTrue(failures.isEmpty(), failures.toString());
        assertEquals(0, locked.getCount());
        assertEquals(io.dbharness.core.result.StopReason.DURATION, r.stopReason());
        // --duration 3 s + the grace is 6 s; left to the op-timeout, the blocked writes would end at 60 s: a quarter
        // of that is twice the expected time on a slow machine and still fails a run that waited for the op-timeout
        assertTrue(r.totals().durationSeconds() < OP_TIMEOUT.toSeconds() / 4.0, "deadline + grace ("
                + Engine.STOP_GRACE.toSeconds() + " s), not the " + OP_TIMEOUT.toSeconds() + " s op-timeout: "
                + r.totals().durationSeconds());
        assertTrue(r.totals().counts().timeouts() >= 1, "the blocked writes were cancelled: " + r.errors());
        assertEquals(0, r.totals().counts().unknownRows(), "a cancelled statement is rolled back: nothing in doubt");
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(r.totals().counts().rows(), count("fault_lock"), "rows counted = rows in the table");
        // the end of the run cut the blocked writes, not the target: counted apart, and the run is clean
        assertTrue(r.totals().counts().cutOff() >= 1, "the writes cut at the end: " + r.totals());
        assertEquals(0, r.totals().counts().errors(), () -> r.errors().toString());
        assertEquals(0, r.exitCode(), "writes cut off at the end of the run are not errors");
    }

    @Test
    void aWriteBlockedPastTheOpTimeoutIsCancelledAndRetried() throws Exception {
        Watch watch = new Watch();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        Thread lock = during(watch.flowing, failures, () -> {
            try (Connection c = admin(); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                st.execute("LOCK TABLE fault_timeout IN ACCESS EXCLUSIVE MODE");
                // held past --op-timeout 1s until two blocked writes were cut, well within the 10 retries
                try {
                    await("two writes timed out", () -> watch.last != null && watch.last.counts().timeouts() >= 2);
                } finally {
                    c.rollback();
                }
            }
        });
        RunResult r = Harness.run(spec("fault_timeout").option("op-timeout", "1s").option("max-retries", "10")
                .progress(watch).build());
        lock.join();
        assertTrue(failures.isEmpty(), failures.toString());
        assertEveryRowAccountedFor(r, "fault_timeout");
        assertTrue(r.totals().counts().retries() >= 2, "statement_timeout cancelled the blocked writes, which were sent again: "
                + r.totals().counts().retries());
    }

    @Test
    void aServerThatRefusesMoreConnectionsFailsAtTheStartAndSaysWhy() throws Exception {
        try (Connection c = admin(); Statement st = c.createStatement()) {
            st.execute("DROP ROLE IF EXISTS limited");
            st.execute("CREATE ROLE limited LOGIN CONNECTION LIMIT 2");
            st.execute("GRANT CREATE ON SCHEMA public TO limited");
        }
        long t0 = System.nanoTime();
        TargetException e = assertThrows(TargetException.class, () -> Harness.run(spec("fault_limit")
                .option("user", "limited").option("workers", "4").build()));
        double secs = (System.nanoTime() - t0) / 1e9;
        assertEquals(TargetException.Kind.UNREACHABLE, e.kind(), e.getMessage());
        assertTrue(e.getMessage().contains("too many connections"), e.getMessage());
        assertTrue(e.getMessage().contains("refused connection 3 of the 5 this run needs (one per worker"), e.getMessage());
        assertTrue(secs < 30, "bounded: " + secs);
    }
}
