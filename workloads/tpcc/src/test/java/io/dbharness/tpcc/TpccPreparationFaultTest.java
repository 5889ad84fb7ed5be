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
 * A lost connection while the keys and indexes are built after the load: the step is redone from the statement
 * that was cut off, and the run goes on. The fault is placed by a lock, not by timing: a lock in the loaders' own
 * mode lets the load through and holds {@code ALTER TABLE customer ADD PRIMARY KEY} (the third statement) while
 * its backend is terminated.
 */
@org.junit.jupiter.api.Tag("server")
class TpccPreparationFaultTest {

    @RegisterExtension
    static final TpccPostgres pg = new TpccPostgres();

    private static Connection admin() throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", "postgres");
        p.setProperty("ApplicationName", "fault-test");
        return DriverManager.getConnection(pg.url(), p);
    }

    private static long query(String sql) throws SQLException {
        try (Connection c = admin(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void await(String what, String sql) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < until) {
            try {
                if (query(sql) > 0) {
                    return;
                }
            } catch (SQLException notYet) {
                // not there yet
            }
            Thread.sleep(50);
        }
        throw new AssertionError("never saw " + what);
    }

    @Test
    void keysCutByALostConnectionAreBuiltAgainFromTheStatementCutOff() throws Exception {
        CompletableFuture<RunResult> run = CompletableFuture.supplyAsync(() -> {
            try {
                return pg.run("warehouses", 1, "load-only", true, "clean", true, "verify", true);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        await("table customer", "SELECT count(*) FROM pg_class WHERE relname = 'customer'");
        String waiting = "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'dbharness'"
                + " AND wait_event_type = 'Lock' AND query ILIKE 'ALTER TABLE customer ADD PRIMARY KEY%'";
        try (Connection lock = admin(); Statement st = lock.createStatement()) {
            lock.setAutoCommit(false);
            st.execute("LOCK TABLE customer IN ROW EXCLUSIVE MODE");
            await("the key of customer waiting", waiting);
            assertEquals(2, query("SELECT count(*) FROM pg_constraint WHERE contype = 'p'"
                    + " AND conrelid::regclass::text IN ('warehouse', 'district')"), "the statements before it are done");
            assertTrue(query("SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity"
                    + " WHERE application_name = 'dbharness'") > 0);
            await("the key of customer asked for again", waiting);
            lock.commit();
        }
        RunResult r = run.get(3, TimeUnit.MINUTES);
        assertNull(r.failure());
        assertEquals(0, r.exitCode());
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(8, query("SELECT count(*) FROM pg_constraint WHERE contype = 'p' AND conrelid::regclass::text IN"
                + " ('warehouse', 'district', 'customer', 'oorder', 'new_order', 'order_line', 'stock', 'item')"));
        assertEquals(1, query("SELECT count(*) FROM tpcc_load"), "the load recorded once");
    }
}
