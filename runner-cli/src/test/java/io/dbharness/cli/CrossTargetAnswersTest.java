package io.dbharness.cli;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.AnswerComparison;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The point of the answer check: the same flags loaded into different targets give the same answer to every
 * catalogue query instance, digest for digest. Embedded PostgreSQL and embedded QuestDB here.
 */
@org.junit.jupiter.api.Tag("server")
class CrossTargetAnswersTest {

    /** Every catalogue query but those returning whole rows (see below). */
    static final String AGGREGATES = "count,min-max,stats,stats-per-device,newest-per-device,1-device-1-hr,"
            + "1-device-12-hr,8-device-1-hr,groupby-time,high-metric";

    private static RunResult run(String target, String type, int emptyPercent, String queries) throws Exception {
        RunResult r = Harness.run(RunSpec.builder().target(target).workload("iot-query").option("load", true)
                .option("clean", true).option("table-name", "xt_" + type).option("tag-num", 30)
                .option("total-metrics-count", 4).option("metrics-type", type).option("ts-step-in-second", 10)
                .option("ts-end", "2022-04-18 11:00:00").option("generator-empty-value-ratio", emptyPercent)
                .option("generator-randomness", "M").option("generator-disorder-ratio", 5)
                .option("queries", queries).option("query-count", 600).option("no-watch", true).environment(Map.of()).build());
        assertEquals(0, r.exitCode(), target + ": " + r.failure());
        return r;
    }

    private static void assertSameAnswers(RunResult a, RunResult b, int queries) {
        AnswerComparison.Outcome o = AnswerComparison.compare(a, a.target(), b, b.target());
        assertTrue(o.same(), AnswerComparison.render(o, a, a.target(), b, b.target(), 5));
        assertEquals(600, o.compared(), "every instance compared");
        assertEquals(queries, a.answers().stream().map(x -> x.query()).distinct().count(), "every query answered");
    }

    /**
     * Empty values and late rows. QuestDB and InfluxDB take rows as line protocol, which has no line without a
     * field: a row whose metrics are all empty is not stored there, so the queries returning whole rows differ
     * from SQL targets where such rows exist, and are compared on data without them (below).
     */
    @Test
    void postgresAndQuestDbAggregatesAgreeOverEmptyValuesAndLateRows() throws Exception {
        assertSameAnswers(run("postgres", "float8", 50, AGGREGATES), run("questdb", "float8", 50, AGGREGATES), 10);
    }

    @Test
    void postgresAndQuestDbAgreeOnEveryQueryForIntegerMetrics() throws Exception {
        assertSameAnswers(run("postgres", "int4", 0, "all"), run("questdb", "int4", 0, "all"), 14);
    }

    @Test
    void postgresAndQuestDbAgreeOnFloat4Values() throws Exception {
        assertSameAnswers(run("postgres", "float4", 0, "all"), run("questdb", "float4", 0, "all"), 14);
    }
}
