package io.dbharness.cli;

import java.util.List;

/**
 * The mean of repeated measurements and the half-width of its 95% confidence interval (Student's t, two-sided),
 * for the line after {@code --repeat}. Kept small and private to the CLI until the results module's statistics
 * helper can take its place.
 *
 * @param halfWidth the interval is {@code mean ± halfWidth}; NaN with a single value (nothing to spread)
 */
record MeanInterval(double mean, double halfWidth, int n) {

    /** t(0.975, df) for df = 1..30; beyond, the Cornish-Fisher expansion below is within 0.001 of it. */
    private static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
            2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060,
            2.056, 2.052, 2.048, 2.045, 2.042};

    static MeanInterval of(List<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no values");
        }
        int n = values.size();
        double mean = values.stream().mapToDouble(Double::doubleValue).sum() / n;
        if (n == 1) {
            return new MeanInterval(mean, Double.NaN, 1);
        }
        double squares = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
        double sd = Math.sqrt(squares / (n - 1));
        return new MeanInterval(mean, t975(n - 1) * sd / Math.sqrt(n), n);
    }

    static double t975(int df) {
        if (df <= T975.length) {
            return T975[df - 1];
        }
        double z = 1.959964;
        double z3 = z * z * z;
        double z5 = z3 * z * z;
        return z + (z3 + z) / (4.0 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96.0 * df * df);
    }

    /** {@code mean 12,345 ± 234 rows/s (95% CI, 3 runs)}. */
    String describe(String unit) {
        if (n == 1) {
            return "mean " + Headline.number(mean) + " " + unit + " (1 run: no interval)";
        }
        return "mean " + Headline.number(mean) + " ± " + Headline.number(halfWidth) + " " + unit
                + " (95% CI, Student's t, " + n + " runs)";
    }
}
