package io.dbharness.results.report;

import io.dbharness.results.stats.Estimate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;

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

    /** What the bars stand for, when there are repetitions to say it about. */
    static String note(List<RunSet.Named> configs) {
        int most = configs.stream().mapToInt(n -> n.configuration().runs().size()).max().orElse(1);
        return most > 1 ? "Bars: the mean of each configuration's repetitions; whiskers: its 95% confidence interval."
                : "One run per configuration.";
    }
}
