package io.dbharness.results.assertions;

import io.dbharness.core.result.ErrorSummary;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.stats.Headline;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Assertions on a run's result for other projects' tests, with no test framework needed: a failure throws
 * {@link AssertionError} naming the figure, its value and the limit, which every framework reports.
 * <pre>{@code
 * ResultAssert.assertThat(result).hasNoErrors().verificationPassed()
 *         .operation("insert").p99().isBelow(Duration.ofMillis(50));
 * }</pre>
 */
public final class ResultAssert {

    private final RunResult result;

    private ResultAssert(RunResult result) {
        this.result = result;
    }

    public static ResultAssert assertThat(RunResult result) {
        if (result == null) {
            throw new AssertionError("expected a run result, got null");
        }
        return new ResultAssert(result);
    }

    /**
     * One operation type, over every group that ran it (their histograms added).
     *
     * @throws AssertionError when the run has no such type, naming those it has
     */
    public OperationAssert operation(String type) {
        List<OperationStats> matching = result.operations().stream().filter(o -> o.type().equals(type)).toList();
        if (matching.isEmpty()) {
            String present = result.operations().stream().map(OperationStats::type).distinct().collect(Collectors.joining(", "));
            throw new AssertionError("no operation type \"" + type + "\" in run " + result.runId() + "; it has: "
                    + (present.isEmpty() ? "none" : present));
        }
        return new OperationAssert(this, type, matching);
    }

    /** No operation failed (after its retries), in any group. */
    public ResultAssert hasNoErrors() {
        if (result.totals().counts().errors() > 0) {
            String first = result.errors().isEmpty() ? "" : "; the most frequent: " + describe(result.errors().get(0));
            throw new AssertionError(result.totals().counts().errors() + " operations failed, expected none" + first);
        }
        return this;
    }

    /** {@code --verify} ran and passed. */
    public ResultAssert verificationPassed() {
        if (result.verification() == null || !"PASSED".equals(result.verification().status())) {
            throw new AssertionError("verification is " + (result.verification() == null ? "missing"
                    : result.verification().status() + " (" + result.verification().message() + ")") + ", expected PASSED");
        }
        return this;
    }

    /** The run's headline throughput: tpmC for TPC-C, rows/s when it wrote rows, ops/s otherwise. */
    public FigureAssert throughput() {
        Headline h = Headline.of(result);
        return new FigureAssert(this, "throughput (" + h.name() + ")", h.value());
    }

    /**
     * A workload figure by name, e.g. {@code tpmC}.
     *
     * @throws AssertionError when the run has no such figure, naming those it has
     */
    public FigureAssert figure(String name) {
        Double v = result.figures().get(name);
        if (v == null) {
            throw new AssertionError("no figure \"" + name + "\" in run " + result.runId() + "; it has: "
                    + (result.figures().isEmpty() ? "none" : String.join(", ", result.figures().keySet())));
        }
        return new FigureAssert(this, name, v);
    }

    public RunResult result() {
        return result;
    }

    private static String describe(ErrorSummary e) {
        return e.count() + " x " + e.type() + " " + e.kind() + (e.vendorCode() == null ? "" : " " + e.vendorCode())
                + ": " + String.valueOf(e.firstMessage()).replaceAll("\\s*\\R\\s*", " ");
    }
}
