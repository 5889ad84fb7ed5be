package io.dbharness.results.stats;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * How NEW differs from BASE for one figure: the relative change of the means and Welch's t-test (unequal
 * variances: two configurations seldom share one), two-sided.
 *
 * @param relativeChange (new - base) / base: +0.05 is 5% higher
 * @param pValue         the probability of a difference at least this large if both came from one distribution;
 *                       NaN when either side has fewer than two repetitions (no spread to judge by)
 */
public record Difference(Estimate base, Estimate next, double relativeChange, double pValue) {

    /** The conventional level: a 5% chance of calling noise a difference. */
    public static final double ALPHA = 0.05;

    public static Difference of(Estimate base, Estimate next) {
        double change = base.mean() == 0 ? (next.mean() == 0 ? 0 : Double.POSITIVE_INFINITY)
                : (next.mean() - base.mean()) / Math.abs(base.mean());
        return new Difference(base, next, change, welchP(base, next));
    }

    /** Whether the repetitions say the means differ; false when they cannot say (one run on a side). */
    public boolean significant() {
        return !Double.isNaN(pValue) && pValue < ALPHA;
    }

    /** Whether there were repetitions enough on both sides to test the difference at all. */
    public boolean testable() {
        return !Double.isNaN(pValue);
    }

    private static double welchP(Estimate a, Estimate b) {
        if (a.n() < 2 || b.n() < 2) {
            return Double.NaN;
        }
        double va = a.stdDev() * a.stdDev() / a.n();
        double vb = b.stdDev() * b.stdDev() / b.n();
        if (va + vb == 0) {
            // no spread on either side: identical means are the same, any other difference is certain
            return a.mean() == b.mean() ? 1.0 : 0.0;
        }
        double t = (b.mean() - a.mean()) / Math.sqrt(va + vb);
        // Welch-Satterthwaite degrees of freedom
        double df = (va + vb) * (va + vb) / (va * va / (a.n() - 1) + vb * vb / (b.n() - 1));
        return 2 * new TDistribution(null, df).cumulativeProbability(-Math.abs(t));
    }
}
