package io.dbharness.questdb;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The whole path: iot-insert through the engine into QuestDB, verified by counting. */
@org.junit.jupiter.api.Tag("server")
class QuestDbHarnessTest {

    /** No endpoint: the target starts its own embedded QuestDB and removes it at the end. */
    @Test
    void embeddedRoundTripWithVerify() throws Exception {
        RunResult r = Harness.run(RunSpec.builder()
                .target("questdb")
                .workload("iot-insert")
                .option("tag-num", 500)
                .option("total-metrics-count", 20)
                .option("ts-end", "2022-04-18 09:00:10")
                .option("generator-empty-value-ratio", 97) // some rows have no value at all: skipped
                .option("verify", true)
                .environment(Map.of())
                .build());

        assertEquals(5_000, r.totals().counts().rows() + r.totals().counts().skippedRows());
        assertTrue(r.totals().counts().skippedRows() > 0, "with 97% empty values and 20 metrics some rows are empty");
        assertEquals("PASSED", r.verification().status(), r.verification().toString());
        assertEquals(0, r.totals().counts().errors());
        assertTrue(r.storedBytes().orElse(0) > 0, "the embedded table's files: " + r.storedBytes());
        assertEquals("QuestDB", r.targetInfo().product());
        assertEquals("embedded", r.targetInfo().endpoint());
        assertEquals("9.3.4", r.targetInfo().serverVersion());
        assertNull(r.failure());
        assertEquals(0, r.exitCode());
    }

    /** Against a running server (the shared fixture), int4 metrics, two workers, late rows, append twice. */
    @Test
    void externalServerAppendAndDisorder() throws Exception {
        RunSpec.Builder spec = RunSpec.builder()
                .target("questdb")
                .workload("iot-insert")
                .option("questdb-http", EmbeddedQuestDbFixture.httpUrl())
                .option("questdb-pg", "127.0.0.1:" + EmbeddedQuestDbFixture.pgPort())
                .option("table-name", "harness ext")
                .option("tag-num", 300)
                .option("total-metrics-count", 12)
                .option("metrics-type", "int4")
                .option("generator-disorder-ratio", 20)
                .option("workers", 2)
                .option("ts-end", "2022-04-18 09:00:20")
                .option("verify", true)
                .environment(Map.of());
        RunResult first = Harness.run(spec.option("clean", true).build());
        assertEquals("PASSED", first.verification().status(), first.verification().toString());
        RunResult second = Harness.run(spec.option("clean", false).option("append", true).build());
        assertEquals("PASSED", second.verification().status(), second.verification().toString());
        assertEquals(6_000, first.totals().counts().rows() + first.totals().counts().skippedRows());
        assertEquals(first.totals().counts().rows(), second.totals().counts().rows(), "same seed, same rows");
    }
}
