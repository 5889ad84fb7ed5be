package io.dbharness.results.compare;

import io.dbharness.results.stats.Difference;
import io.dbharness.results.stats.Estimate;

/**
 * One figure of a comparison.
 *
 * @param figure         what is compared, e.g. {@code throughput}, {@code insert p99}
 * @param unit           {@code rows/s}, {@code tpmC}, {@code ms}, {@code errors}
 * @param higherIsBetter throughput; latency and errors are better lower
 * @param gating         whether a WORSE verdict makes the comparison a regression (the headline throughput and
 *                       each operation type's p99)
 * @param base           the figure over BASE's repetitions, null when BASE lacks it
 * @param next           the figure over NEW's repetitions, null when NEW lacks it
 * @param difference     null when a side lacks the figure
 */
public record ComparisonRow(String figure, String unit, boolean higherIsBetter, boolean gating, Estimate base,
                            Estimate next, Difference difference, Verdict verdict) {

    static ComparisonRow of(String figure, String unit, boolean higherIsBetter, boolean gating, Estimate base,
                            Estimate next, double threshold) {
        if (base == null || next == null) {
            return new ComparisonRow(figure, unit, higherIsBetter, gating, base, next, null,
                    base == null ? Verdict.ONLY_IN_NEW : Verdict.ONLY_IN_BASE);
        }
        Difference d = Difference.of(base, next);
        if (gating && Double.isNaN(d.relativeChange())) {
            // SAME would pass the gate on a figure nobody measured
            throw new io.dbharness.results.ResultMismatchException("cannot judge " + figure + " (" + unit
                    + "): " + (Double.isNaN(base.mean()) ? "base" : "new") + " has no value for it");
        }
        return new ComparisonRow(figure, unit, higherIsBetter, gating, base, next, d, judge(d, higherIsBetter, threshold));
    }

    /**
     * Within the threshold is the same; beyond it the repetitions decide (Welch's t-test at 5%), or, with one
     * run on a side, the threshold alone.
     */
    static Verdict judge(Difference d, boolean higherIsBetter, double threshold) {
        double change = d.relativeChange();
        if (Double.isNaN(change) || Math.abs(change) <= threshold) {
            return Verdict.SAME;
        }
        if (d.testable() && !d.significant()) {
            return Verdict.NOT_SIGNIFICANT;
        }
        return (change > 0) == higherIsBetter ? Verdict.BETTER : Verdict.WORSE;
    }

    /** Worse beyond the threshold on a figure that decides. */
    public boolean regression() {
        return gating && verdict == Verdict.WORSE;
    }
}
