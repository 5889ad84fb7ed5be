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
        return new RunResult(r.runId(), r.harnessVersion(), r.gitCommit(), r.seed(), target, r.workload(), r.start(),
                r.end(), new TreeMap<>(options), r.targetInfo(), r.workloadInfo(), r.host(), r.loadModel(), r.workers(),
                r.totals(), r.groups(), r.operations(), r.intervals(), r.errors(), r.verification(), r.storedBytes(),
                r.answers(), r.plans(), r.warmup(), r.figures(), r.harnessCpuSeconds(), label, r.resources(),
                r.stopReason(), r.failure(), r.exitCode(), null);
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
    void aLabelSetOnOneSideIsTheDifference() {
        List<Configuration> c = Configuration.group(List.of(
                run("postgres", null, Map.of("workers", "2")), run("postgres", "tuned", Map.of("workers", "2"))));
        assertEquals(Set.of("label"), Configuration.varying(c));
        assertEquals("tuned", c.get(1).label());
    }
}
