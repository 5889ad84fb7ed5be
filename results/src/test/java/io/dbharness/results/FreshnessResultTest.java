package io.dbharness.results;

import io.dbharness.core.api.Counts;
import io.dbharness.core.api.WorkloadFacts;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.search.Objective;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run with a freshness probe (iot-mixed): its samples are an operation type like any other, shown as the
 * summary's freshness line with their resolution, with the time to full visibility under it, judged by --slo, kept
 * in the result file.
 */
public class FreshnessResultTest {

    /** {@link Samples#clean()} with a freshness probe's samples (in every interval too) and {@code facts}. */
    public static RunResult withFreshness(WorkloadFacts.Freshness facts) {
        return withFreshness(Samples.clean(), facts);
    }

    /** {@code c} with a freshness probe's samples (in every interval too) and {@code facts}. */
    public static RunResult withFreshness(RunResult c, WorkloadFacts.Freshness facts) {
        List<OperationStats> ops = new ArrayList<>(c.operations());
        ops.add(OperationStats.builder().counts(Counts.builder().operations(25).timeouts(1).build()).group("freshness")
                .type("freshness").returnedRows(25).meanMillis(400).p50Millis(310).p90Millis(900).p95Millis(1_100)
                .p99Millis(1_500).p999Millis(1_500).maxMillis(1_520).build());
        List<IntervalSample> intervals = new ArrayList<>();
        for (IntervalSample s : c.intervals()) {
            List<IntervalSample.GroupInterval> groups = new ArrayList<>(s.groups());
            groups.add(new IntervalSample.GroupInterval("freshness", io.dbharness.core.result.Totals.of(
                    Counts.builder().operations(12).build(), s.seconds()), 300, 1_400, 1_450,
                    List.of(new IntervalSample.TypeInterval("freshness", Counts.builder().operations(12).build(), 300,
                            1_400, 1_450, null))));
            intervals.add(new IntervalSample(s.endSeconds(), s.seconds(), groups, s.host(), s.server()));
        }
        return c.toBuilder().operations(ops).intervals(intervals).workloadFacts(new WorkloadFacts(null, Map.of(),
                c.workloadFacts().details(), facts)).build();
    }

    public static final WorkloadFacts.Freshness SEEN = new WorkloadFacts.Freshness(100, 60, OptionalDouble.of(2.5),
            OptionalDouble.of(12), 6_000_000, OptionalLong.of(4_200), OptionalDouble.of(0.75), OptionalLong.of(0), null);

    /** The box's text as one line: cells and wrapped lines joined by single spaces. */
    private static String flat(String box) {
        return box.replaceAll("[│┌┐└┘├┤┬┴─]", " ").replaceAll("\\s+", " ");
    }

    @Test
    void theSummaryShowsTheSamplesWithTheirResolutionAndTheTimeToFullVisibility() {
        String s = flat(SummaryTable.render(withFreshness(SEEN)));
        assertTrue(s.contains(" freshness p50/p95/p99/max 310.0 / 1,100.0 / 1,500.0 / 1,520.0 ms (25 samples, 1 not visible"
                + " within --op-timeout; resolution: probe every 100 ms + its query, 2.50 ms mean, 60 queries) "), s);
        assertTrue(s.contains(" full visibility 0.750 s after the last write (4,200 of 6,000,000 acknowledged rows not visible"
                + " at the first count) "), s);
        assertFalse(s.contains("freshness latency"), s);

        String missing = flat(SummaryTable.render(withFreshness(new WorkloadFacts.Freshness(100, 60, OptionalDouble.of(2.5),
                OptionalDouble.of(12), 6_000_000, OptionalLong.of(4_200), OptionalDouble.empty(), OptionalLong.of(17),
                "not reached: 17 rows still not visible 60.0 s after the last write (--op-timeout)"))));
        assertTrue(missing.contains(" full visibility not reached: 17 rows still not visible 60.0 s after the last write"
                + " (--op-timeout) (4,200 of 6,000,000 acknowledged rows not visible at the first count) "), missing);
    }

    @Test
    void anSloOnFreshnessJudgesItsSamples() {
        RunResult r = withFreshness(SEEN);
        Objective.Judgement over = Objective.parse("p99(freshness)<1s").judge(r);
        assertFalse(over.met());
        assertEquals(List.of("p99 freshness 1.5 s (limit 1 s)"), over.failures());
        assertTrue(Objective.parse("p99(freshness)<2s").judge(r).met());
        // not an operation's latency: an objective on every type leaves it out
        assertTrue(Objective.parse("p99<1s").judge(r).met(), Objective.parse("p99<1s").judge(r).failures().toString());
    }

    @Test
    void theResultFileKeepsTheProbesAccountAndTheSchemaDescribesIt(@TempDir Path dir) throws Exception {
        RunResult r = withFreshness(SEEN);
        Path file = ResultFiles.write(r, dir);
        assertEquals(SEEN, ResultFiles.read(file).workloadFacts().freshness());
        assertEquals(List.of(), SchemaCheck.errors(Files.readString(file)));
    }
}
