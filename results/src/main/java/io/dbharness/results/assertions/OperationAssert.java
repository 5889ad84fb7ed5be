package io.dbharness.results.assertions;

import io.dbharness.core.result.OperationStats;
import io.dbharness.results.merge.LatencySum;

import java.util.List;

/** One operation type's latency and errors. */
public final class OperationAssert {

    private final ResultAssert run;
    private final String type;
    private final List<OperationStats> stats;

    OperationAssert(ResultAssert run, String type, List<OperationStats> stats) {
        this.run = run;
        this.type = type;
        this.stats = List.copyOf(stats);
    }

    public LatencyAssert p50() {
        return percentile("p50", 50, OperationStats::p50Millis);
    }

    public LatencyAssert p90() {
        return percentile("p90", 90, OperationStats::p90Millis);
    }

    public LatencyAssert p95() {
        return percentile("p95", 95, OperationStats::p95Millis);
    }

    public LatencyAssert p99() {
        return percentile("p99", 99, OperationStats::p99Millis);
    }

    public LatencyAssert p999() {
        return percentile("p99.9", 99.9, OperationStats::p999Millis);
    }

    public LatencyAssert max() {
        return new LatencyAssert(this, "max latency of " + type,
                stats.size() == 1 ? stats.get(0).maxMillis() : merged().maxMillis());
    }

    public LatencyAssert mean() {
        return new LatencyAssert(this, "mean latency of " + type,
                stats.size() == 1 ? stats.get(0).meanMillis() : merged().meanMillis());
    }

    /** No operation of this type failed. */
    public OperationAssert hasNoErrors() {
        long errors = stats.stream().mapToLong(o -> o.counts().errors()).sum();
        if (errors > 0) {
            throw new AssertionError(errors + " " + type + " operations failed, expected none");
        }
        return this;
    }

    /** Back to the whole run, to go on asserting. */
    public ResultAssert and() {
        return run;
    }

    /** Another operation type of the same run. */
    public OperationAssert operation(String other) {
        return run.operation(other);
    }

    private LatencyAssert percentile(String name, double percentile, java.util.function.ToDoubleFunction<OperationStats> field) {
        // one group: the figure as written; several: read again from their histograms added
        double ms = stats.size() == 1 ? field.applyAsDouble(stats.get(0)) : merged().millis(percentile);
        return new LatencyAssert(this, name + " of " + type, ms);
    }

    private LatencySum merged() {
        LatencySum all = new LatencySum();
        stats.forEach(o -> all.add(o.histogram(), "operation " + type + " of group " + o.group()));
        return all;
    }
}
