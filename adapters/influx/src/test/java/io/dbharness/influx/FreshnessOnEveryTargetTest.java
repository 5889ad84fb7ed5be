package io.dbharness.influx;

import io.dbharness.core.api.WorkloadFacts;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * iot-mixed's freshness probe on the three targets we can run here: samples of the time from a write's
 * acknowledgement to a query seeing it, and the time until every acknowledged row is visible (a target made to
 * hide its rows for a known time: QuestDbFreshnessTest).
 */
@org.junit.jupiter.api.Tag("server")
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class FreshnessOnEveryTargetTest {

    private static InfluxServer influx;

    @BeforeAll
    static void start() throws Exception {
        influx = InfluxServer.start(false);
    }

    @AfterAll
    static void stop() throws Exception {
        if (influx != null) {
            influx.close();
        }
    }

    /** @param table null for the model's own table names */
    private static RunSpec.Builder mixed(String target, String table) throws Exception {
        RunSpec.Builder b = RunSpec.builder().target(target).workload("iot-mixed").option("clean", true)
                .option("ingest-workers", 2).option("write-batch-rows", 200)
                .option("queries", "single-tag-latest").option("idle-query-duration", "1ms")
                .option("no-watch", true).environment(Map.of());
        if (table != null) {
            b.option("table-name", table);
        }
        return influx.connect(b, target, "freshness");
    }

    private static OperationStats freshness(RunResult r) {
        return r.operations().stream().filter(o -> o.type().equals("freshness")).findFirst()
                .orElseThrow(() -> new AssertionError("no freshness samples: " + r.operations()));
    }

    /** Samples on each target, and the end's count reaching every acknowledged row. */
    @Test
    void samplesOnEveryTarget() throws Exception {
        for (String target : new String[] {"postgres", "questdb", "influx"}) {
            RunResult r = Harness.run(mixed(target, "fresh_every").option("tag-num", 20).option("total-metrics-count", 4)
                    .option("ts-end", "2022-04-18 09:10:00").build());
            assertEquals(0, r.exitCode(), target + ": " + r.failure() + " " + r.errors());
            OperationStats f = freshness(r);
            assertTrue(f.counts().completed() >= 1, target + ": " + f);
            assertEquals(0, f.counts().errors(), target);
            WorkloadFacts.Freshness facts = r.workloadFacts().freshness();
            assertNotNull(facts, target);
            assertEquals(100.0, facts.probeIntervalMillis(), target);
            assertTrue(facts.probeQueries() >= f.counts().completed(), target + ": " + facts);
            assertEquals(r.totals().counts().rows(), facts.acknowledgedRows(), target);
            assertNull(facts.missing(), target + ": " + facts);
            assertTrue(facts.fullVisibilitySeconds().isPresent(), target + ": " + facts);
            assertEquals(0, facts.rowsStillNotVisible().orElseThrow(), target);
            if (target.equals("postgres")) {
                // PostgreSQL shows a row once the commit that acknowledged it returned: every sample at the first look
                assertEquals(f.counts().completed(), facts.probeQueries(), facts.toString());
                assertEquals(0, facts.rowsNotVisibleAtEnd().orElseThrow(), facts.toString());
            }
        }
    }

    /**
     * Every data model, on PostgreSQL: the probe's text names the model's time and key columns, and a model of
     * several tables samples whichever table a batch went to; and {@code --freshness off} runs none.
     */
    @Test
    void everyDataModel() throws Exception {
        Map<String, Map<String, Object>> models = Map.of(
                "devops", Map.of("generator", "devops", "use-case", "devops", "scale", 3, "ts-end", "2016-01-01 00:20:00",
                        "queries", "lastpoint"),
                "events", Map.of("generator", "events", "devices", 4, "num-inserts", 500, "queries", "count-events"));
        for (var m : models.entrySet()) {
            RunSpec.Builder b = mixed("postgres", null); // the models' own tables
            m.getValue().forEach(b::option);
            RunResult r = Harness.run(b.build());
            assertEquals(0, r.exitCode(), m.getKey() + ": " + r.failure() + " " + r.errors());
            OperationStats f = freshness(r);
            WorkloadFacts.Freshness facts = r.workloadFacts().freshness();
            assertTrue(f.counts().completed() >= 1, m.getKey() + ": " + f);
            assertEquals(f.counts().completed(), facts.probeQueries(), m.getKey() + ": " + facts);
            assertEquals(0, facts.rowsStillNotVisible().orElseThrow(), m.getKey() + ": " + facts);
        }
        // --freshness off: no probe, no group, no samples, no account
        RunResult off = Harness.run(mixed("postgres", "fresh_off").option("tag-num", 5).option("freshness", "off")
                .option("ts-end", "2022-04-18 09:05:00").build());
        assertEquals(0, off.exitCode(), off.failure());
        assertEquals(java.util.List.of("insert", "query"), off.groups().stream().map(g -> g.name()).toList());
        assertTrue(off.operations().stream().noneMatch(o -> o.type().equals("freshness")), off.operations().toString());
        assertNull(off.workloadFacts().freshness());
    }
}
