package io.dbharness.postgres;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Faults during iot-query's preparation, which must survive what the measured run survives: backends terminated
 * during the {@code --load} COPY and during the index build that readies the table for the queries are redone
 * within {@code --reconnect-timeout}; a server gone for longer ends the run with a result that names the phase
 * and says how many rows were loaded. The faults are placed by locks, not by timing: a lock the writers (or the
 * index build) wait on holds them at a known step while their backends are terminated.
 */
@org.junit.jupiter.api.Tag("server")
class PreparationFaultTest {

    /** 20,000 devices x 60 s: 1.2 million rows, seconds of loading. */
    private static final int TAGS = 20_000;
    private static final long PLANNED = TAGS * 60L;

    /** This class's own server: its tests stop and restart it. */
    @RegisterExtension
    static final EmbeddedPostgres server = new EmbeddedPostgres();

    private static RunSpec.Builder spec(String table) {
        return RunSpec.builder().target("postgres").workload("iot-query")
                .option("host", "localhost").option("port", server.port()).option("user", "postgres")
                .option("database", "postgres").option("table-name", table).option("clean", true).option("load", true)
                .option("tag-num", TAGS).option("total-metrics-count", 10)
                .option("query-count", 20).option("verify", true).option("watch-interval", "200ms")
                .environment(Map.of());
    }

    private static CompletableFuture<RunResult> runAsync(RunSpec spec) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return Harness.run(spec);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static Connection admin() throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", "postgres");
        p.setProperty("ApplicationName", "fault-test");
        return DriverManager.getConnection("jdbc:postgresql://localhost:" + server.port() + "/postgres", p);
    }

    private static long query(String sql) throws SQLException {
        try (Connection c = admin(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Polls {@code sql} (a count) until it is at least 1; fails after a minute. */
    private static void await(String what, String sql) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < until) {
            try {
                if (query(sql) > 0) {
                    return;
                }
            } catch (SQLException notYet) {
                // the table is not there yet
            }
            Thread.sleep(50);
        }
        throw new AssertionError("never saw " + what);
    }

    /** The harness's backends waiting for a lock while running a statement that starts with {@code statement}. */
    private static String waitingOnLock(String statement) {
        return "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'dbharness' AND wait_event_type = 'Lock'"
                + " AND query ILIKE '" + statement + "%'";
    }

    private static int terminateHarnessBackends() throws SQLException {
        return (int) query("SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity "
                + "WHERE application_name = 'dbharness'");
    }

    @Test
    void writersTerminatedDuringTheLoadReconnectAndLoadEveryRowOnce() throws Exception {
        String table = "prep_load";
        CompletableFuture<RunResult> run = runAsync(spec(table).build());
        await("rows in " + table, "SELECT count(*) FROM (SELECT 1 FROM " + table + " LIMIT 1) x");
        try (Connection lock = admin(); Statement st = lock.createStatement()) {
            lock.setAutoCommit(false);
            st.execute("LOCK TABLE " + table + " IN SHARE MODE"); // the writers' next COPY waits for it
            await("a writer waiting", waitingOnLock("COPY"));
            assertTrue(terminateHarnessBackends() > 0);
            await("a writer back and waiting again", waitingOnLock("COPY"));
            lock.commit();
        }
        RunResult r = run.get(3, TimeUnit.MINUTES);
        assertNull(r.failure());
        assertEquals(0, r.exitCode());
        assertEquals(PLANNED, r.workloadFacts().loaded().rows(), "each row counted once");
        assertEquals(PLANNED, query("SELECT count(*) FROM " + table));
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertTrue(r.verification().message().endsWith("(--load)"), r.verification().message());
    }

    @Test
    void theIndexBuildCutByALostConnectionIsRedone() throws Exception {
        String table = "prep_index";
        CompletableFuture<RunResult> run = runAsync(spec(table).build());
        await("table " + table, "SELECT count(*) FROM pg_class WHERE relname = '" + table + "'");
        try (Connection lock = admin(); Statement st = lock.createStatement()) {
            lock.setAutoCommit(false);
            // the writers' own mode: the load goes on, the index build (SHARE) waits
            st.execute("LOCK TABLE " + table + " IN ROW EXCLUSIVE MODE");
            await("the index build waiting", waitingOnLock("CREATE INDEX"));
            assertTrue(terminateHarnessBackends() > 0);
            await("the index build redone and waiting again", waitingOnLock("CREATE INDEX"));
            lock.commit();
        }
        RunResult r = run.get(3, TimeUnit.MINUTES);
        assertNull(r.failure());
        assertEquals(0, r.exitCode());
        assertEquals(1, query("SELECT count(*) FROM pg_indexes WHERE tablename = '" + table + "'"));
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(20, r.totals().counts().operations(), "the queries ran on the prepared table");
    }

    @Test
    void aServerGoneLongerThanTheReconnectTimeoutEndsWithAResultNamingThePreparation() throws Exception {
        String table = "prep_gone";
        CompletableFuture<RunResult> run = runAsync(spec(table).option("reconnect-timeout", "2s").build());
        await("rows in " + table, "SELECT count(*) FROM (SELECT 1 FROM " + table + " LIMIT 1) x");
        RunResult r;
        server.stopFast();
        try {
            r = run.get(3, TimeUnit.MINUTES);
        } finally {
            server.startAgain();
        }
        assertEquals(3, r.exitCode(), r.failure());
        assertEquals(io.dbharness.core.result.Outcome.Phase.PREPARE, r.failedPhase());
        assertEquals(io.dbharness.core.result.StopReason.ABORTED, r.stopReason());
        assertTrue(r.failure().startsWith("preparing the run failed: loading the data (--load) stopped after "),
                r.failure());
        assertTrue(r.failure().contains("--reconnect-timeout 2 s"), r.failure());
        long loaded = r.workloadFacts().loaded().rows();
        long unknown = r.workloadFacts().loaded().unknownRows();
        assertTrue(loaded > 0 && loaded < PLANNED, "rows loaded before the server went: " + loaded);
        long stored = query("SELECT count(*) FROM " + table);
        // the rows it says it loaded are there, and the batches cut off by the shutdown at most
        assertTrue(stored >= loaded && stored <= loaded + unknown, stored + " stored, " + loaded + " loaded, "
                + unknown + " of unknown fate");
        assertEquals(0, r.totals().counts().operations(), "nothing was measured");
        assertEquals("SKIPPED", r.verification().status());
    }
}
