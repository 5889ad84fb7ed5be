package io.dbharness.tpcc;

import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A whole TPC-C run on embedded PostgreSQL: load, five transactions, tpmC, the consistency conditions. */
class TpccRunTest {

    private static EmbeddedPostgres pg;

    @BeforeAll
    static void start() throws Exception {
        pg = EmbeddedPostgres.start();
    }

    @AfterAll
    static void stop() {
        pg.close();
    }

    @Test
    void aSmallRunLoadsRunsEveryTransactionAndStaysConsistent() throws Exception {
        RunResult r = pg.run("warehouses", 1, "terminals", 4, "txns-per-terminal", 500, "verify", true, "clean", true);
        assertEquals(0, r.exitCode(), () -> r.failure() + " / " + r.verification().message());
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        Map<String, OperationStats> byType = r.operations().stream().collect(Collectors.toMap(OperationStats::type, o -> o));
        assertEquals(java.util.Set.of("new-order", "payment", "order-status", "delivery", "stock-level"), byType.keySet());
        long all = byType.values().stream().mapToLong(OperationStats::completed).sum();
        assertEquals(2000, all);
        assertEquals(0, r.totals().errors());
        assertTrue(r.figures().get("tpmC") > 0, r.figures().toString());
        assertTrue(byType.get("new-order").rolledBack() > 0, "about 1% of 900 New-Orders roll back");
        // every New-Order that did not roll back is one more order (3,000 per district were loaded)
        long committed = byType.get("new-order").completed() - byType.get("new-order").rolledBack();
        assertEquals(30_000 + committed, pg.count("SELECT count(*) FROM oorder"));
        assertEquals(1, Integer.parseInt(r.workloadInfo().get("warehouses")));
        assertTrue(Double.parseDouble(r.workloadInfo().get("loadSeconds")) > 0);
    }
}
