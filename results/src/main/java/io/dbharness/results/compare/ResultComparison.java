package io.dbharness.results.compare;

import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.ResultMismatchException;
import io.dbharness.results.stats.Configuration;
import io.dbharness.results.stats.Estimate;
import io.dbharness.results.stats.Headline;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * NEW against BASE, each the repetitions of one configuration: the headline throughput, and per operation type
 * p50 and p99 latency and errors. A regression is a figure that decides (the throughput, each type's p99) worse
 * by more than the threshold, and significantly so when both sides have repetitions (Welch's t-test, 5%); with
 * one run on a side there is no spread to test against and the threshold alone decides. Runs whose exit code is
 * not 0 are left out of every figure, as in the report and {@code --repeat}'s mean.
 *
 * @param threshold the relative change below which figures count as the same, 0.05 = 5%
 */
public record ResultComparison(Configuration base, Configuration next, double threshold, List<ComparisonRow> rows) {

    public ResultComparison {
        rows = List.copyOf(rows);
    }

    /**
     * @param threshold a share: 0.05 for 5%
     * @throws ResultMismatchException when a side is empty or holds several configurations, or the sides ran
     *                                 different workloads
     */
    public static ResultComparison compare(List<RunResult> base, List<RunResult> next, double threshold) {
        if (!(threshold >= 0) || Double.isInfinite(threshold)) {
            throw new IllegalArgumentException("threshold must be 0 or more, got " + threshold);
        }
        Configuration b = oneConfiguration(base, "base");
        Configuration n = oneConfiguration(next, "new");
        if (!b.workload().equals(n.workload())) {
            throw new ResultMismatchException("cannot compare " + b.workload() + " with " + n.workload() + " results");
        }
        someSucceeded(b, "base");
        someSucceeded(n, "new");
        List<ComparisonRow> rows = new ArrayList<>();
        // one figure for both sides: points/s where a side skipped rows (its rows are not the other's)
        String headline = Headline.common(b.headlineName(), both(b, n));
        everyRunHas(b, "base", headline);
        everyRunHas(n, "new", headline);
        rows.add(ComparisonRow.of("throughput", headline, true, true, b.headline(headline), n.headline(headline), threshold));
        List<List<String>> keys = typeKeys(b, n);
        boolean oneGroupPerType = keys.stream().map(k -> k.get(1)).distinct().count() == keys.size();
        for (List<String> key : keys) {
            String name = oneGroupPerType ? key.get(1) : key.get(0) + "/" + key.get(1);
            rows.add(ComparisonRow.of(name + " p50", "ms", false, false, of(b, key, OperationStats::p50Millis),
                    of(n, key, OperationStats::p50Millis), threshold));
            rows.add(ComparisonRow.of(name + " p99", "ms", false, true, of(b, key, OperationStats::p99Millis),
                    of(n, key, OperationStats::p99Millis), threshold));
            rows.add(ComparisonRow.of(name + " errors", "errors", false, false, of(b, key, o -> o.counts().errors()),
                    of(n, key, o -> o.counts().errors()), threshold));
        }
        return new ResultComparison(b, n, threshold, rows);
    }

    /**
     * The side's runs as one configuration.
     *
     * @param what names the side in the message: {@code base}, or the directory the runs came from
     */
    public static Configuration oneConfiguration(List<RunResult> runs, String what) {
        if (runs.isEmpty()) {
            throw new ResultMismatchException(what + " holds no results");
        }
        List<Configuration> cs = Configuration.group(runs);
        if (cs.size() > 1) {
            throw new ResultMismatchException(what + " holds results of " + cs.size() + " configurations (they differ in "
                    + String.join(", ", Configuration.varying(cs)) + "): give the repetitions of one configuration");
        }
        return cs.get(0);
    }

    /** Means leave out runs whose exit code is not 0; a side with none left has nothing to judge. */
    private static void someSucceeded(Configuration c, String side) {
        if (c.succeeded().isEmpty()) {
            throw new ResultMismatchException(side + " has no run that exited 0 (exit codes "
                    + String.join(", ", c.runs().stream().map(r -> Integer.toString(r.exitCode())).toList())
                    + "): there is nothing to compare");
        }
    }

    /** A run without the headline (an aborted TPC-C run has no tpmC) would leave the throughput unjudged: refused. */
    private static void everyRunHas(Configuration c, String side, String headline) {
        for (RunResult r : c.succeeded()) {
            if (!Double.isFinite(Headline.of(r, headline).value())) {
                throw new ResultMismatchException("cannot judge the throughput: run " + r.runId() + " of " + side
                        + " has no " + headline);
            }
        }
    }

    /** The runs the figures are taken over, both sides'. */
    private static List<RunResult> both(Configuration b, Configuration n) {
        List<RunResult> out = new ArrayList<>(b.succeeded());
        out.addAll(n.succeeded());
        return out;
    }

    /** Whether a regression was found: exit 1 for a CI gate. */
    public boolean regression() {
        return rows.stream().anyMatch(ComparisonRow::regression);
    }

    /** Whether both sides have the repetitions a significance test needs. */
    public boolean testable() {
        return base.succeeded().size() > 1 && next.succeeded().size() > 1;
    }

    /** (group, type) of every operation type either side ran, BASE's first. */
    private static List<List<String>> typeKeys(Configuration b, Configuration n) {
        Set<List<String>> keys = new LinkedHashSet<>();
        for (Configuration c : List.of(b, n)) {
            c.succeeded().forEach(r -> r.operations().forEach(o -> keys.add(List.of(o.group(), o.type()))));
        }
        return List.copyOf(keys);
    }

    /** One type's figure over the runs that ran the type; null when none did. */
    private static Estimate of(Configuration c, List<String> key, ToDoubleFunction<OperationStats> figure) {
        double[] values = c.succeeded().stream().flatMap(r -> r.operations().stream())
                .filter(o -> o.group().equals(key.get(0)) && o.type().equals(key.get(1))).mapToDouble(figure).toArray();
        return values.length == 0 ? null : Estimate.of(values);
    }
}
