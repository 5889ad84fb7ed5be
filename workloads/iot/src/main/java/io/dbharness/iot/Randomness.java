package io.dbharness.iot;

/**
 * How much metric values move, as mxbench's {@code --generator-randomness}. Every device has a fixed
 * baseline per metric, drawn from the seed; what changes from one timestamp to the next is:
 * <ul>
 *   <li>OFF: nothing: each metric of a device keeps its baseline (the most compressible data).</li>
 *   <li>S: the baseline plus noise of at most 1% of the metric's range.</li>
 *   <li>M: the baseline plus noise of at most 10% of the range.</li>
 *   <li>L: a uniformly random value over the whole range, unrelated to the baseline (the least compressible).</li>
 * </ul>
 * Ranges: float types hold values with two decimals in [0, 1000); int4 integers in [0, 100000); int8
 * integers in [0, 10^12). Noise is clamped to the range.
 */
public enum Randomness {
    OFF(0), S(0.01), M(0.10), L(1.0);

    private final double noiseShare;

    Randomness(double noiseShare) {
        this.noiseShare = noiseShare;
    }

    /** Largest absolute noise, as a share of the range. */
    public double noiseShare() {
        return noiseShare;
    }
}
