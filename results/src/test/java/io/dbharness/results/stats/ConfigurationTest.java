package io.dbharness.results.stats;

import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ConfigurationTest {

    /** A run of {@code target} with these options; the rest as a small real-looking result. */
    static RunResult run(String target, String label, Map<String, String> options) {
        RunResult r = io.dbharness.results.SamplesAccess.clean();
        return r.toBuilder()
                .target(target)
                .options(new TreeMap<>(options))
                .label(label)
                .shard(null)
                .build();
    }

    @Test
    void repetitionsGroupAndTheSweptOptionIsFound() {
        List<RunResult> runs = List.of(
                run("postgres", null, Map.of("total-metrics-count", "10", "workers", "2", "watch-interval", "5s")),
                run("postgres", null, Map.of("total-metrics-count", "100", "workers", "2", "watch-interval", "5s")),
                run("postgres", null, Map.of("total-metrics-count", "10", "workers", "2", "watch-interval", "1s")));
        List<Configuration> c = Configuration.group(runs);
        assertEquals(2, c.size(), "the watch interval changes the printing, not the configuration");
        assertEquals(2, c.get(0).runs().size());
        assertEquals(Set.of("total-metrics-count"), Configuration.varying(c));
    }

    @Test
    void targetsWithTheirOwnOptionsDifferOnlyByTarget() {
        List<Configuration> c = Configuration.group(List.of(
                run("postgres", null, Map.of("workers", "2", "url", "embedded")),
                run("influx", null, Map.of("workers", "2", "influx-url", "http://localhost:8086"))));
        assertEquals(Set.of("target"), Configuration.varying(c));
    }

    @Test
    void anOptionWithoutADefaultGivenOnOneSideIsTheDifference() {
        List<Configuration> c = Configuration.group(List.of(
                run("noop", null, Map.of("workers", "2")), run("noop", null, Map.of("workers", "2", "format", "csv"))));
        assertEquals(Set.of("format"), Configuration.varying(c));
    }

    @Test
    void aLabelSetOnOneSideIsTheDifference() {
        List<Configuration> c = Configuration.group(List.of(
                run("postgres", null, Map.of("workers", "2")), run("postgres", "tuned", Map.of("workers", "2"))));
        assertEquals(Set.of("label"), Configuration.varying(c));
        assertEquals("tuned", c.get(1).label());
    }

    /** {@code r} with tpmC (or none) and an exit code. */
    private static RunResult tpcc(String id, Double tpmC, int exitCode) {
        RunResult r = run("postgres", null, Map.of("workers", "2"));
        return r.toBuilder()
                .runId(id)
                .figures(tpmC == null ? Map.of() : Map.of("tpmC", tpmC))
                .exitCode(exitCode)
                .build();
    }

    @Test
    void theHeadlineIsOneFigureOverTheRunsThatExitedZero() {
        // an aborted repetition has no tpmC: its rows/s must not enter a mean of tpmC
        Configuration c = Configuration.group(List.of(tpcc("a", 1_000.0, 0), tpcc("b", null, 1), tpcc("c", 1_200.0, 0))).get(0);
        assertEquals("tpmC", c.headlineName());
        assertEquals(1_100.0, c.headline().mean(), 1e-9);
        assertEquals(2, c.headline().n());
        assertEquals(1, c.leftOut());

        Configuration firstAborted = Configuration.group(List.of(tpcc("a", null, 1), tpcc("b", 900.0, 0))).get(0);
        assertEquals("tpmC", firstAborted.headlineName(), "named by the first run that exited 0");
        assertEquals(900.0, firstAborted.headline().mean());
    }
}
