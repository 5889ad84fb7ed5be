package io.dbharness.tpcc;

import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Faults while loading and running, on embedded PostgreSQL: backends terminated during the load and the run, a
 * backend killed (the server recovers from a crash), and a server that stops answering (SIGSTOP) for longer than --op-timeout.
 */
@org.junit.jupiter.api.Tag("server")
class TpccFaultTest {

    @RegisterExtension
    static final TpccPostgres pg = new TpccPostgres();

    /** A connection of our own, not the harness's (those have application_name dbharness). */
    private static Connection admin() throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", "postgres");
        p.setProperty("ApplicationName", "fault-test");
        return DriverManager.getConnection(pg.url(), p);
    }

    private static long adminCount(String sql) throws SQLException {
        try (Connection c = admin(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static int terminateHarnessBackends() throws SQLException {
        return (int) adminCount("SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity "
                + "WHERE application_name = 'dbharness' AND pid <> pg_backend_pid()");
    }

    /**
     * Each test starts on a quiet server, whatever ran before it. A run that returned has closed its connections,
     * but the server may still be running what they sent (after the SIGSTOP test, the statements queued while it
     * was stopped) or ending a terminated backend; such a backend holds locks that the next test's DROP or
     * --clean would deadlock against. So: terminate what of the harness is not idle (no run of ours is going
     * now; idle ones hold no locks, among them the fixture's own pool) and wait until it is gone.
     */
    @BeforeEach
    void noHarnessBackendLeftFromAnEarlierTest() throws Exception {
        String busy = "FROM pg_stat_activity WHERE application_name = 'dbharness' AND state <> 'idle' AND pid <> pg_backend_pid()";
        adminCount("SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) " + busy);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (adminCount("SELECT count(*) " + busy) > 0) {
            if (System.nanoTime() > until) {
                throw new AssertionError("backends of an earlier run still there 60 s after they were terminated: "
                        + adminText("SELECT string_agg(pid || ' ' || state || ' ' || coalesce(wait_event, '-') || ' ' || "
                        + "left(query, 80), '; ') " + busy));
            }
            Thread.sleep(50);
        }
    }

    private static String adminText(String sql) throws SQLException {
        try (Connection c = admin(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static void awaitRows(String table, long atLeast) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < until) {
            try {
                if (adminCount("SELECT count(*) FROM " + table) >= atLeast) {
                    return;
                }
            } catch (SQLException notYet) {
                // the table is not there yet
            }
            Thread.sleep(50);
        }
        throw new AssertionError(table + " never reached " + atLeast + " rows");
    }

    @Test
    void aLoadWhoseBackendsAreTerminatedRetriesItsTasksAndLoadsEveryRowOnce() throws Exception {
        pg.execute("DROP TABLE IF EXISTS tpcc_load, order_line, new_order, oorder, history, customer, district, stock, item, warehouse");
        CompletableFuture<RunResult> run = CompletableFuture.supplyAsync(() -> {
            try {
                return pg.run("warehouses", 2, "load-workers", 2, "load-only", true, "clean", true, "verify", true);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        awaitRows("stock", 1);
        assertTrue(terminateHarnessBackends() > 0);
        awaitRows("order_line", 100_000);
        terminateHarnessBackends();
        RunResult r = run.get(3, TimeUnit.MINUTES);
        assertEquals(0, r.exitCode(), () -> r.failure() + " / " + r.verification().message());
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(100_000, pg.count("SELECT count(*) FROM item"));
        assertEquals(200_000, pg.count("SELECT count(*) FROM stock"));
        assertEquals(60_000, pg.count("SELECT count(*) FROM customer"));
        assertEquals(60_000, pg.count("SELECT count(*) FROM history"));
        assertEquals(60_000, pg.count("SELECT count(*) FROM oorder"));
        assertEquals(18_000, pg.count("SELECT count(*) FROM new_order"));
        assertEquals(pg.count("SELECT sum(o_ol_cnt) FROM oorder"), pg.count("SELECT count(*) FROM order_line"));
        // the progress counters were set back for the retried tasks: they count each row once
        assertEquals("200000", r.workloadFacts().details().get("loaded.stock"));
        assertEquals(Long.toString(pg.count("SELECT count(*) FROM order_line")), r.workloadFacts().details().get("loaded.order_line"));
    }

    @Test
    void aRunWhoseBackendsAreTerminatedReconnectsAndStaysConsistent() throws Exception {
        assertEquals(0, pg.run("warehouses", 1, "load-only", true, "clean", true).exitCode());
        CompletableFuture<RunResult> run = CompletableFuture.supplyAsync(() -> {
            try {
                return pg.run("run-only", true, "terminals", 4, "duration", "6s", "max-errors", 100, "verify", true);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        awaitRows("history", 30_100);
        terminateHarnessBackends();
        RunResult r = run.get(2, TimeUnit.MINUTES);
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertTrue(r.totals().counts().reconnects() > 0, "the terminals reconnected");
        assertEquals(io.dbharness.core.result.StopReason.DURATION, r.stopReason());
        // a transaction whose COMMIT got no answer is an error of unknown fate, never resent: at most one per terminal
        assertTrue(r.totals().counts().errors() <= 4, () -> r.errors().toString());
    }

    /**
     * A terminal's backend killed (kill -9): the server ends every session and recovers from a crash, which may
     * hand out again the transaction ids of transactions whose COMMIT got no answer. Each is settled as not
     * committed and run again, so the run has no error and its consistency checks pass.
     */
    @Test
    void aRunWhoseServerCrashesSettlesEveryTransactionAndStaysConsistent() throws Exception {
        assertEquals(0, pg.run("warehouses", 1, "load-only", true, "clean", true).exitCode());
        CompletableFuture<RunResult> run = CompletableFuture.supplyAsync(() -> {
            try {
                return pg.run("run-only", true, "terminals", 4, "duration", "6s", "verify", true);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        awaitRows("history", 30_100);
        long pid = adminCount("SELECT coalesce(max(pid), -1) FROM pg_stat_activity WHERE application_name = 'dbharness'");
        assertTrue(pid > 0 && ProcessHandle.of(pid).orElseThrow().destroyForcibly(), "SIGKILL to a terminal's backend " + pid);
        RunResult r = run.get(2, TimeUnit.MINUTES);
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertTrue(r.totals().counts().reconnects() >= 4, "every terminal reconnected: " + r.totals());
        assertEquals(0, r.totals().counts().errors(), () -> r.errors().toString());
        assertEquals(0, r.exitCode(), r.failure());
    }

    @Test
    void aServerThatStopsAnsweringIsCutAtOpTimeout() throws Exception {
        assertEquals(0, pg.run("warehouses", 1, "load-only", true, "clean", true).exitCode());
        java.util.concurrent.atomic.AtomicLong timeouts = new java.util.concurrent.atomic.AtomicLong();
        CompletableFuture<RunResult> run = CompletableFuture.supplyAsync(() -> {
            try {
                return pg.run((sample, progress) -> timeouts.set(progress.groups().stream()
                                .mapToLong(g -> g.counts().timeouts()).sum()),
                        "run-only", true, "terminals", 2, "duration", "10s", "op-timeout", "1s", "max-errors", 1000,
                        "watch-interval", "250ms");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        awaitRows("history", 30_100);
        List<ProcessHandle> server = serverProcesses();
        server.forEach(p -> signal(p, "STOP"));
        try {
            // stopped until a stalled transaction is seen cut (--op-timeout 1s), however long that took; a cut that
            // waited for the server to come back never comes while it is stopped, and the test fails here
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (timeouts.get() == 0) {
                assertTrue(System.nanoTime() < until, "no transaction cut within 60 s of the server's stop");
                Thread.sleep(50);
            }
        } finally {
            server.forEach(p -> signal(p, "CONT"));
        }
        RunResult r = run.get(2, TimeUnit.MINUTES);
        // the stalled transactions were cut while the server was still stopped (a cancel request it could not
        // answer, then the socket closed), not when it came back: the loop above saw the cut before it resumed
        // the server. (An interval's time, the run's start plus its offset, is not compared with the test's own
        // clock: on a loaded machine the two differ by more than the margin between them.)
        java.time.Instant firstTimeout = r.intervals().stream().filter(i -> i.groups().get(0).totals().counts().timeouts() > 0).findFirst()
                .map(i -> r.start().plusMillis(Math.round(i.endSeconds() * 1000))).orElseThrow(() ->
                        new AssertionError("no timeout counted: " + r.totals()));
        // and before the end of the 10 s run: cut by the op-timeout, not by the grace after the end
        assertTrue(firstTimeout.isBefore(r.start().plusSeconds(10)), "first timeout at " + firstTimeout + ", run from "
                + r.start());
    }

    /**
     * The postmaster and its children. The postmaster's PID is the first line of postmaster.pid in the data
     * directory: it lives as long as the server, unlike a backend, which is gone once its connection closes.
     */
    private static List<ProcessHandle> serverProcesses() throws SQLException {
        long pid = Long.parseLong(adminText("SELECT split_part(pg_read_file('postmaster.pid'), E'\\n', 1)").trim());
        ProcessHandle postmaster = ProcessHandle.of(pid).orElseThrow(() ->
                new AssertionError("no process " + pid + " (the postmaster, by its postmaster.pid)"));
        List<ProcessHandle> all = new ArrayList<>();
        all.add(postmaster);
        postmaster.children().forEach(all::add);
        return all;
    }

    private static void signal(ProcessHandle p, String signal) {
        try {
            new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
