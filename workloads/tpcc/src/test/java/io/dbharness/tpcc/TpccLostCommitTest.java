package io.dbharness.tpcc;

import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A COMMIT whose answer is lost is settled by asking the server ({@code txid_status}), so a run with the default
 * {@code --max-errors 0} survives it and stays consistent. The lost answers are made, not waited for: with a
 * synchronous standby that does not exist, every COMMIT is written locally and then waits for it ({@code SyncRep});
 * terminating the backends then leaves transactions that committed without their terminal hearing so.
 */
@org.junit.jupiter.api.Tag("server")
class TpccLostCommitTest {

    @RegisterExtension
    static final TpccPostgres pg = new TpccPostgres();

    private static Connection admin() throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", "postgres");
        p.setProperty("ApplicationName", "fault-test");
        return DriverManager.getConnection(pg.url(), p);
    }

    private static long query(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void await(Connection c, String what, String sql) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < until) {
            if (query(c, sql) > 0) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("never saw " + what);
    }

    @Test
    void commitsWhoseAnswerWasLostAreSettledAndTheRunStaysConsistent() throws Exception {
        assertEquals(0, pg.run("warehouses", 1, "load-only", true, "clean", true).exitCode());
        CompletableFuture<RunResult> run = CompletableFuture.supplyAsync(() -> {
            try {
                return pg.run("run-only", true, "terminals", 4, "duration", "20s", "verify", true);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        try (Connection c = admin(); Statement st = c.createStatement()) {
            await(c, "transactions running", "SELECT count(*) - 30000 FROM history"); // 30,000 loaded, then Payments
            st.execute("ALTER SYSTEM SET synchronous_standby_names = 'nobody'");
            st.execute("SELECT pg_reload_conf()");
            try {
                await(c, "a COMMIT waiting for the standby", "SELECT count(*) FROM pg_stat_activity"
                        + " WHERE application_name = 'dbharness' AND wait_event = 'SyncRep'");
                Thread.sleep(200); // let more terminals reach their COMMIT
                assertTrue(query(c, "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity"
                        + " WHERE application_name = 'dbharness'") > 0);
            } finally {
                st.execute("ALTER SYSTEM RESET synchronous_standby_names");
                st.execute("SELECT pg_reload_conf()");
            }
        }
        RunResult r = run.get(3, TimeUnit.MINUTES);
        assertNull(r.failure(), () -> r.failure() + " " + r.errors());
        assertEquals(0, r.totals().counts().errors(), () -> r.errors().toString());
        assertTrue(r.totals().counts().settled() >= 1, "the lost commits were settled: " + r.totals());
        assertTrue(r.totals().counts().reconnects() >= 1);
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(0, r.exitCode());
        assertEquals(io.dbharness.core.result.StopReason.DURATION, r.stopReason());
    }

    @Test
    void deliveriesThatFindNoNewOrderAreCountedAndReported() throws Exception {
        assertEquals(0, pg.run("warehouses", 1, "load-only", true, "clean", true).exitCode());
        // only Deliveries: the 900 new orders of each district are gone after 900 of them, the rest skip
        RunResult r = pg.run("run-only", true, "terminals", 2, "weights", "0,0,0,100,0", "txns-per-terminal", 500,
                "verify", true);
        assertEquals(0, r.exitCode(), () -> r.failure() + " " + r.errors() + " " + r.verification());
        assertEquals("10000", r.workloadFacts().details().get("deliveryDistricts"));
        assertEquals(Long.toString(10_000 - 9_000), r.workloadFacts().details().get("deliverySkippedDistricts"),
                "1,000 deliveries of 10 districts, 9,000 new orders to deliver");
        assertEquals("1,000 of 10,000 (no new order in the district at that moment; clause 2.7.4.2)",
                r.workloadFacts().notes().get("Delivery: districts skipped"));
        assertEquals("PASSED", r.verification().status(), r.verification().message());
    }
}
