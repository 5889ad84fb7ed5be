package io.dbharness.cli;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.engine.StopSignal;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.assertions.ResultAssert;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The harness embedded in another project's test, against embedded PostgreSQL: the README's library example. */
class LibraryUsageTest {

    @Test
    void embedTheHarnessInATest() throws Exception {
        RunResult r = Harness.run(RunSpec.builder()
                .target("postgres")                // no URL and no PG* variables: embedded PostgreSQL
                .workload("iot-insert")
                .option("tag-num", 500)
                .option("total-metrics-count", 20)
                .option("ts-end", "2022-04-18 09:00:10")
                .option("verify", true)
                .environment(Map.of())             // ignore the machine's PG* variables
                .build());

        assertEquals(5_000, r.totals().rows());
        assertEquals("PASSED", r.verification().status());
        assertEquals(0, r.totals().errors());
        assertTrue(r.storedBytes() > 0, "stored size from pg_total_relation_size");
        assertTrue(r.targetInfo().serverVersion().startsWith("17"), r.targetInfo().serverVersion());
        assertEquals(0, r.exitCode());

        // the same checks in the words of the results module's assertions: a failure names figure, value and limit
        ResultAssert.assertThat(r).hasNoErrors().verificationPassed()
                .operation("insert").p99().isBelow(Duration.ofSeconds(5))
                .and().throughput().isAtLeast(100);
        AssertionError tooSlow = assertThrows(AssertionError.class,
                () -> ResultAssert.assertThat(r).operation("insert").p50().isBelow(Duration.ofNanos(1_000)));
        assertTrue(tooSlow.getMessage().matches("p50 of insert is [0-9.]+ ms, expected below 0.001 ms"), tooSlow.getMessage());
    }

    @Test
    void stopSignalEndsTheRunCleanlyAndWhatWasWrittenIsThere() throws Exception {
        StopSignal stop = new StopSignal();
        RunResult r = Harness.run(RunSpec.builder()
                .option("tag-num", 100_000)
                .option("total-metrics-count", 50)
                .option("ts-end", "2022-04-18 10:00:00")
                .option("verify", true)
                .option("watch-interval", "200ms")
                .environment(Map.of())
                .progress((sample, progress) -> {
                    if (progress.groups().get(0).rows() > 0) {
                        stop.request(); // what Ctrl-C does in the runner, once rows are flowing
                    }
                })
                .stopSignal(stop)
                .build());
        assertEquals("INTERRUPTED", r.stopReason());
        assertTrue(r.totals().rows() > 0 && r.totals().rows() < 360_000_000L, "rows " + r.totals().rows());
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(r.totals().rows(), r.verification().actual());
    }
}
