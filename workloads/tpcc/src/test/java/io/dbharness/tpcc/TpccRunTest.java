package io.dbharness.tpcc;

import io.dbharness.core.engine.Engine;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A whole TPC-C run on embedded PostgreSQL: load, five transactions, tpmC, the consistency conditions. */
@org.junit.jupiter.api.Tag("server")
class TpccRunTest {

    @RegisterExtension
    static final TpccPostgres pg = new TpccPostgres();

    @Test
    void aSmallRunLoadsRunsEveryTransactionAndStaysConsistent() throws Exception {
        RunResult r = pg.run("warehouses", 1, "terminals", 4, "txns-per-terminal", 500, "verify", true, "clean", true);
        assertEquals(0, r.exitCode(), () -> r.failure() + " / " + r.verification().message());
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        Map<String, OperationStats> byType = r.operations().stream().collect(Collectors.toMap(OperationStats::type, o -> o));
        assertEquals(java.util.Set.of("new-order", "payment", "order-status", "delivery", "stock-level"), byType.keySet());
        long all = byType.values().stream().mapToLong(x -> x.counts().completed()).sum();
        assertEquals(2000, all);
        assertEquals(0, r.totals().counts().errors());
        assertTrue(r.figures().get("tpmC") > 0, r.figures().toString());
        assertTrue(byType.get("new-order").counts().rolledBack() > 0, "about 1% of 900 New-Orders roll back");
        // every New-Order that did not roll back is one more order (3,000 per district were loaded)
        long committed = byType.get("new-order").counts().completed() - byType.get("new-order").counts().rolledBack();
        assertEquals(30_000 + committed, pg.count("SELECT count(*) FROM oorder"));
        assertEquals(1, Integer.parseInt(r.workloadFacts().details().get("warehouses")));
        assertTrue(r.workloadFacts().loaded().seconds().getAsDouble() > 0);
    }

    /** One warehouse loaded anew: the tests do not depend on each other's order. */
    private static void freshLoad() throws Exception {
        assertEquals(0, pg.run("warehouses", 1, "load-only", true, "clean", true).exitCode());
    }

    @Test
    void theObservedMixFollowsTheWeights() throws Exception {
        RunResult spec = pg.run("warehouses", 1, "terminals", 4, "txns-per-terminal", 1000, "clean", true);
        assertMix(spec, 45, 43, 4, 4, 4);
        RunResult even = pg.run("run-only", true, "terminals", 4, "txns-per-terminal", 1000, "weights", "20,20,20,20,20");
        assertMix(even, 20, 20, 20, 20, 20);
        assertEquals("20,20,20,20,20", even.workloadFacts().details().get("weights"));
    }

    /** Each type's share of the transactions within four standard deviations of its weight. */
    private static void assertMix(RunResult r, int... weights) {
        assertEquals(0, r.exitCode(), r::failure);
        String[] types = {"new-order", "payment", "order-status", "delivery", "stock-level"};
        Map<String, Long> count = r.operations().stream().collect(Collectors.toMap(OperationStats::type, x -> x.counts().completed()));
        long n = count.values().stream().mapToLong(Long::longValue).sum();
        for (int i = 0; i < types.length; i++) {
            double p = weights[i] / 100.0;
            double share = count.getOrDefault(types[i], 0L) / (double) n;
            double sd = Math.sqrt(p * (1 - p) / n);
            assertTrue(Math.abs(share - p) <= 4 * sd, types[i] + ": " + share + " of " + n + ", weight " + p);
        }
    }

    @Test
    void serializationFailuresAreRetriedCountedApartAndLeaveTheDataConsistent() throws Exception {
        // one warehouse, terminals not bound to it apart, SERIALIZABLE: New-Orders and Payments collide on the district
        freshLoad();
        RunResult r = pg.run("run-only", true, "terminals", 6, "txns-per-terminal", 150, "isolation", "serializable",
                "weights", "50,50,0,0,0", "max-retries", 50, "verify", true);
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertTrue(r.totals().counts().retries() > 0, "conflicting terminals under SERIALIZABLE must have retried");
        assertEquals(0, r.totals().counts().errors(), () -> r.errors().toString());
        assertEquals(900, r.totals().counts().operations());
        assertEquals(0, r.exitCode());
        assertEquals("serializable", r.workloadFacts().details().get("isolation"));
    }

    /**
     * 900 Deliveries on one warehouse deliver every district's 900 new orders: a correct run, which passes
     * (clause 3.3.2.2 does not apply max(NO_O_ID) to a district without outstanding new orders).
     */
    @Test
    void deliveriesThatEmptyNewOrderStayConsistent() throws Exception {
        freshLoad();
        RunResult r = pg.run("run-only", true, "terminals", 1, "txns-per-terminal", 900, "weights", "0,0,0,100,0", "verify", true);
        assertEquals(0, pg.count("SELECT count(*) FROM new_order"));
        assertEquals(0, pg.count("SELECT count(*) FROM oorder WHERE o_carrier_id IS NULL"));
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(0, r.exitCode(), r::failure);
    }

    @Test
    void aWarmUpIsRunButNotMeasured() throws Exception {
        freshLoad();
        RunResult r = pg.run("run-only", true, "terminals", 2, "warmup", "2s", "duration", "2s");
        assertEquals(0, r.exitCode(), r::failure);
        assertTrue(r.warmup() != null && r.warmup().counts().operations() > 0, "the warm-up ran transactions");
        // from the end of the warm-up: its own 2 s at least, and less than the 4 s it would be at once if it
        // counted from the start, whatever a transaction in flight at the end adds on a slow machine
        double secs = r.totals().durationSeconds();
        assertTrue(secs >= 2.0 && secs < 4.0, "the measured run's seconds: " + secs);
        assertTrue(r.totals().counts().operations() > 0);
        // the rates are the measured run's: tpmC from its New-Orders over its two seconds only
        long newOrders = r.operations().stream().filter(o -> o.type().equals("new-order")).mapToLong(x -> x.counts().completed()).sum();
        assertEquals(newOrders / (r.totals().durationSeconds() / 60), r.figures().get("tpmC"), 1e-6 * newOrders + 1);
    }

    @Test
    void runOnlyIsRefusedWithoutALoadOrWithAnotherWarehouseCount() throws Exception {
        freshLoad();
        io.dbharness.core.api.UsageException other = org.junit.jupiter.api.Assertions.assertThrows(
                io.dbharness.core.api.UsageException.class, () -> pg.run("run-only", true, "warehouses", 3, "duration", "5s"));
        assertEquals("--run-only: the TPC-C tables hold 1 warehouse, not --warehouses 3; give --warehouses 1 or load anew "
                + "with --clean", other.getMessage());
        io.dbharness.core.api.UsageException exists = org.junit.jupiter.api.Assertions.assertThrows(
                io.dbharness.core.api.UsageException.class, () -> pg.run("warehouses", 1, "duration", "5s"));
        assertTrue(exists.getMessage().startsWith("TPC-C tables exist already ("), exists.getMessage());
        pg.execute("DROP TABLE tpcc_load, order_line, new_order, oorder, history, customer, district, stock, item, warehouse");
        io.dbharness.core.api.UsageException none = org.junit.jupiter.api.Assertions.assertThrows(
                io.dbharness.core.api.UsageException.class, () -> pg.run("run-only", true, "duration", "5s"));
        assertEquals("--run-only: there are no TPC-C tables to run on; load them first (runner --workload tpcc --load-only "
                + "--warehouses N)", none.getMessage());
    }

    @Test
    void keyingAndThinkTimesPaceTheTerminalsAndTheRunStillEndsOnTime() throws Exception {
        freshLoad();
        // every transaction waits its keying time first (New-Order 18 s, the others 2 or 3 s): in 4 s only those
        // whose keying time has passed start, and none waits past the end of the run
        RunResult r = pg.run("run-only", true, "terminals", 10, "keying-think-time", "on", "duration", "4s");
        assertEquals(0, r.exitCode(), r::failure);
        // a terminal left to its keying or think time would be woken only after the grace (7 s): on time is
        // within half the grace of the end
        double secs = r.totals().durationSeconds();
        assertTrue(secs >= 4.0 && secs < 4.0 + Engine.STOP_GRACE.toSeconds() / 2.0, "ended on time: " + secs);
        assertTrue(r.operations().stream().noneMatch(o -> o.type().equals("new-order")), "New-Order's keying time is 18 s");
        assertTrue(r.totals().counts().operations() > 0 && r.totals().counts().operations() <= 10, "one transaction per terminal at most: "
                + r.totals().counts().operations());
        assertEquals(0.0, r.figures().get("efficiencyPercent"), 1e-9);
        assertEquals("on", r.workloadFacts().details().get("keyingThinkTime"));
    }
}
