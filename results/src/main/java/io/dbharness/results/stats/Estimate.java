package io.dbharness.results.stats;

import org.apache.commons.math3.distribution.TDistribution;

import java.util.Arrays;

/**
 * One figure over the repetitions of a configuration: its mean and a 95% confidence interval from Student's t.
 * One repetition has a mean but no interval ({@code ciHalfWidth95} NaN): nothing can be said about its spread.
 *
 * @param values        the repetitions' values, in run order
 * @param ciHalfWidth95 half the width of the 95% confidence interval of the mean, NaN with fewer than two values
 */
public record Estimate(double[] values, double mean, double stdDev, double ciHalfWidth95) {

    public Estimate {
        values = values.clone();
    }

    public static Estimate of(double... values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("an estimate needs at least one value");
        }
        int n = values.length;
        double mean = Arrays.stream(values).average().orElseThrow();
        if (n == 1) {
            return new Estimate(values, mean, Double.NaN, Double.NaN);
        }
        double ss = 0;
        for (double v : values) {
            ss += (v - mean) * (v - mean);
        }
        double sd = Math.sqrt(ss / (n - 1));
        double t = new TDistribution(null, n - 1).inverseCumulativeProbability(0.975);
        return new Estimate(values, mean, sd, t * sd / Math.sqrt(n));
    }

    public int n() {
        return values.length;
    }

    @Override
    public double[] values() {
        return values.clone();
    }

    public double low() {
        return mean - ciHalfWidth95;
    }

    public double high() {
        return mean + ciHalfWidth95;
    }

    /** The half-width as a share of the mean (0.03 = ±3%), NaN without an interval. */
    public double relativeHalfWidth() {
        return mean == 0 ? Double.NaN : ciHalfWidth95 / Math.abs(mean);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Estimate e && Arrays.equals(values, e.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return "Estimate[n=" + n() + ", mean=" + mean + ", ci95=±" + ciHalfWidth95 + "]";
    }
}
