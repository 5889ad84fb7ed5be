package io.dbharness.results.report;

import io.dbharness.core.result.RunResult;
import io.dbharness.results.stats.Estimate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/** Bars and points that stand for configurations: the mean of the repetitions, whiskers for its 95% interval. */
final class Bars {

    private Bars() {
    }

    /** A bar series over {@code n} categories; a category a configuration lacks (NaN in every run) is a gap. */
    static ChartSpec.Series series(String name, int n, IntFunction<Estimate> at) {
        List<Double[]> points = new ArrayList<>();
        List<Double[]> ci = new ArrayList<>();
        boolean anyCi = false;
        for (int i = 0; i < n; i++) {
            Estimate e = known(at.apply(i));
            points.add(ChartSpec.point(i, e == null ? Double.NaN : e.mean()));
            boolean has = e != null && Double.isFinite(e.ciHalfWidth95());
            anyCi |= has;
            ci.add(has ? ChartSpec.point(e.low(), e.high()) : new Double[] {null, null});
        }
        return new ChartSpec.Series(name, "bar", 0, points, anyCi ? ci : null);
    }

    /** The estimate over the repetitions that have the figure, null when none has it. */
    static Estimate known(Estimate e) {
        double[] v = Arrays.stream(e.values()).filter(Double::isFinite).toArray();
        return v.length == 0 ? null : v.length == e.n() ? e : Estimate.of(v);
    }

    /**
     * Why a configuration has no bar, said under the chart (" No bar for ..."), "" when each has one: no run of it
     * exited 0 (left out of the figures, as in the configurations table), or none measured the figure.
     */
    static String missing(List<RunSet.Named> configs, java.util.function.Predicate<RunSet.Named> drawn) {
        List<String> out = new ArrayList<>();
        for (RunSet.Named n : configs) {
            if (drawn.test(n)) {
                continue;
            }
            List<RunResult> runs = n.configuration().runs();
            out.add(n.name() + (n.configuration().succeeded().isEmpty()
                    ? " (" + (runs.size() == 1 ? "its run" : "its " + runs.size() + " runs") + " ended with exit code "
                    + runs.stream().map(r -> r.exitCode() + (r.stopReason() == null ? "" : ", " + r.stopReason()))
                    .distinct().collect(Collectors.joining("; ")) + ": runs whose exit code is not 0 are left out of the figures)"
                    : " (no figure measured)"));
        }
        return out.isEmpty() ? "" : " No bar for " + String.join(", ", out) + ".";
    }

    /** What the bars stand for, when there are repetitions to say it about. */
    static String note(List<RunSet.Named> configs) {
        int most = configs.stream().mapToInt(n -> n.configuration().runs().size()).max().orElse(1);
        return most > 1 ? "Bars: the mean of each configuration's repetitions; whiskers: its 95% confidence interval."
                : "One run per configuration.";
    }
}
