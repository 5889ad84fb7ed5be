package io.dbharness.tpcc;

import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerUsage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server's wait profile tells a TPC-C run held by row locks from one that is not: sixteen terminals on one
 * warehouse (ten districts, whose rows every New-Order updates) wait on each other's transactions; one terminal
 * has no one to wait on. (Sixteen warehouses would make the same point, but loading them takes minutes.)
 */
@org.junit.jupiter.api.Tag("server")
class TpccTelemetryTest {

    @RegisterExtension
    static final TpccPostgres pg = new TpccPostgres();

    @Test
    void sixteenTerminalsOnOneWarehouseWaitOnLocksOneTerminalNever() throws Exception {
        pg.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
        RunResult crowded = pg.run("warehouses", 1, "terminals", 16, "duration", "4s", "watch-interval", "1s",
                "clean", true);
        RunResult alone = pg.run("warehouses", 1, "terminals", 1, "duration", "3s", "watch-interval", "1s",
                "run-only", true);
        assertEquals(0, crowded.exitCode(), crowded.failure());
        assertEquals(0, alone.exitCode(), alone.failure());
        ServerUsage c = crowded.resources().server();
        ServerUsage a = alone.resources().server();
        assertTrue(c.waitShare("Lock:") > 0, "lock waits with 16 terminals on 1 warehouse: " + c.waits());
        assertEquals(0, a.waitShare("Lock:"), "no lock waits with 1 terminal: " + a.waits());
        // a transaction open between its statements waits for the client: the round trips show
        assertTrue(a.waitShare("Client:ClientRead") > 0, a.waits().toString());
        // the server counted at least the run's transactions (the telemetry's own taken out): each committed one,
        // each expected rollback (a New-Order's unused item); retried and failed attempts only add rollbacks
        long committed = crowded.totals().counts().operations() - crowded.totals().counts().rolledBack() - crowded.totals().counts().errors();
        assertTrue(committed > 0, crowded.totals().toString());
        assertTrue(c.counters().get("commits") >= committed, committed + " committed: " + c.counters());
        assertTrue(c.counters().get("rollbacks") >= crowded.totals().counts().rolledBack(),
                crowded.totals().counts().rolledBack() + " rolled back: " + c.counters());
        // the top statements are TPC-C's, the telemetry's own left out
        assertFalse(c.statements().isEmpty(), c.unavailable().toString());
        assertTrue(c.statements().stream().anyMatch(s -> s.text().contains("district")), c.statements().toString());
        assertTrue(c.statements().stream().noneMatch(s -> s.text().contains("pg_stat_activity")), c.statements().toString());
    }
}
