package io.dbharness.cli;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.engine.StopSignal;
import io.dbharness.core.measure.HostSampler;
import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.ResourceUsage;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.assertions.ResultAssert;
import io.dbharness.search.FindMax;
import io.dbharness.search.Sweep;
import io.dbharness.search.VaryAxis;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The harness embedded in another project's test, against embedded PostgreSQL: the README's library example. */
class LibraryUsageTest {

    @org.junit.jupiter.api.Tag("server")
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

        assertEquals(5_000, r.totals().counts().rows());
        assertEquals("PASSED", r.verification().status());
        assertEquals(0, r.totals().counts().errors());
        assertTrue(r.storedBytes().orElse(0) > 0, "stored size from pg_total_relation_size");
        assertTrue(r.targetInfo().serverVersion().startsWith("17"), r.targetInfo().serverVersion());
        assertEquals(0, r.exitCode());
        if (HostSampler.forThisHost(() -> -1).isOn()) { // Linux: the host's use, the embedded server's included
            assertTrue(r.resources().targetOnHost());
            assertEquals("client host, with the target's server on it (embedded)", r.resources().scope());
            assertTrue(r.intervals().stream().allMatch(i -> i.host() != null));
        } else {
            assertNull(r.resources());
        }

        // the same checks in the words of the results module's assertions: a failure names figure, value and limit
        ResultAssert.assertThat(r).hasNoErrors().verificationPassed()
                .operation("insert").p99().isBelow(Duration.ofSeconds(5))
                .and().throughput().isAtLeast(100);
        AssertionError tooSlow = assertThrows(AssertionError.class,
                () -> ResultAssert.assertThat(r).operation("insert").p50().isBelow(Duration.ofNanos(1_000)));
        assertTrue(tooSlow.getMessage().matches("p50 of insert is [0-9.]+ ms, expected below 0.001 ms"), tooSlow.getMessage());
    }

    /** A few seconds of the harness alone (noop) with short intervals: every one carries the host's figures. */
    @Test
    void everyIntervalAndTheResultCarryTheHostsResourceUse() throws Exception {
        Assumptions.assumeTrue(HostSampler.forThisHost(() -> -1).isOn(), "not Linux: no /proc to sample");
        RunResult r = Harness.run(RunSpec.builder()
                .target("noop")
                .option("tag-num", 100_000)
                .option("total-metrics-count", 20)
                .option("ts-end", "2022-04-18 10:00:00")
                .option("duration", "3s")
                .option("watch-interval", "500ms")
                .environment(Map.of())
                .build());
        assertEquals(io.dbharness.core.result.StopReason.DURATION, r.stopReason());
        assertTrue(r.intervals().size() >= 5, "intervals " + r.intervals().size());
        for (IntervalSample i : r.intervals()) {
            HostSample h = i.host();
            assertNotNull(h, "interval ending at " + i.endSeconds());
            // /proc/stat counts in clock ticks (10 ms): an interval cut shortly after the one before it (the run's
            // last, at the deadline) may see none pass, and its CPU figures are then unknown (-1), not 0
            boolean ticked = i.seconds() >= 0.1;
            assertTrue(h.cpuUserPercent() >= 0 || !ticked && h.cpuUserPercent() == -1, i.seconds() + " s: " + h);
            assertTrue(h.cpuUserPercent() + h.cpuSystemPercent() + h.cpuIowaitPercent() <= 100.0001, h.toString());
            assertTrue(h.memoryUsedBytes() > 0 && h.memoryUsedBytes() < h.memoryTotalBytes(), h.toString());
            assertTrue(h.diskReadsPerSecond() >= 0 && h.netReceiveMegabytesPerSecond() >= 0, h.toString());
        }
        ResourceUsage u = r.resources();
        assertTrue(u.targetOnHost(), "noop runs inside the harness");
        assertEquals("client host; the target runs inside the harness process (in-process: discard)", u.scope());
        // the harness flat out: its own CPU is in the host's (how much of a core it gets depends on what else runs)
        assertTrue(u.mean().harnessCpuCores() > 0, u.mean().toString());
        assertTrue(u.mean().cpuUserPercent() > 5, u.mean().toString());
        assertTrue(u.peak().cpuUserPercent() >= u.mean().cpuUserPercent(), u.toString());
        assertEquals(r.harnessCpuSeconds().getAsDouble() / (r.totals().counts().rows() / 1e6), u.harnessCpuSecondsPerMillionRows().getAsDouble(), 1e-9);
        assertEquals(r.harnessCpuSeconds().getAsDouble() / (r.totals().counts().operations() / 1e3), u.harnessCpuSecondsPerThousandOperations().getAsDouble(), 1e-9);
    }

    @org.junit.jupiter.api.Tag("server")
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
                    if (progress.groups().get(0).counts().rows() > 0) {
                        stop.request(); // what Ctrl-C does in the runner, once rows are flowing
                    }
                })
                .stopSignal(stop)
                .build());
        assertEquals(io.dbharness.core.result.StopReason.INTERRUPTED, r.stopReason());
        assertTrue(r.totals().counts().rows() > 0 && r.totals().counts().rows() < 360_000_000L, "rows " + r.totals().counts().rows());
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(r.totals().counts().rows(), r.verification().actual());
    }

    /** README.md's sweep and find-max from a library (module search), on the harness alone (noop). */
    @Test
    @Timeout(180)
    void sweepAndFindMaxFromALibrary() throws Exception {
        RunSpec spec = RunSpec.builder().target("noop").option("tag-num", 1000).option("total-metrics-count", 5)
                .option("ts-end", "2022-04-18 09:00:10").environment(Map.of()).build();
        // one run per point, in order: workers 1, 2 and 4
        List<Sweep.Run<Map<String, String>, RunResult>> runs = Sweep.run(spec, List.of(VaryAxis.parse("workers=1,2,4")));
        // the highest workers whose runs meet the objective: a ramp from 1, then bisection
        FindMax.Result max = FindMax.of(spec, "workers", "p99<5s,errors=0").to(8).run();
        assertEquals(8.0, max.highestMet().orElseThrow());   // every step up to to(8) met it: "limit"

        assertEquals(List.of("1", "2", "4"), runs.stream().map(r -> r.outcome().options().get("workers")).toList());
        assertTrue(runs.stream().allMatch(r -> r.outcome().totals().counts().rows() == 10_000), "every point wrote its rows");
        assertEquals("limit", max.outcome());
        assertEquals(List.of(1.0, 2.0, 4.0, 8.0), max.steps().stream().map(FindMax.Step::value).distinct().toList());
    }

    /** The README's search snippet is this test's code, line for line. */
    @Test
    void theReadmeShowsTheSearchAsTested() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        String section = readme.substring(readme.indexOf("## As a library"));
        int at = section.indexOf("FindMax.of(");
        String block = section.substring(section.lastIndexOf("```java", at) + 7, section.indexOf("```", at));
        String test = Files.readString(Path.of("src/test/java/io/dbharness/cli/LibraryUsageTest.java"));
        for (String line : block.strip().lines().toList()) {
            assertTrue(test.contains(line.strip()), "README.md's line is not in LibraryUsageTest: " + line);
        }
    }
}
