package io.dbharness.live;

import java.util.Map;

/**
 * One series of a family at one instant: its labels' values and its value, or for a histogram its buckets.
 *
 * @param labels    each of the family's labels with its value (empty: not known, e.g. run_group of an unsharded run)
 * @param value     a counter's or gauge's value; a histogram's sum of observations (seconds)
 * @param histogram a histogram's buckets, null for any other type
 */
public record LiveSeries(LiveFamily family, Map<String, String> labels, double value, Buckets histogram) {

    public LiveSeries {
        labels = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(labels));
    }

    /**
     * A histogram's buckets, cumulative as Prometheus' are.
     *
     * @param upperBounds each bucket's upper bound (seconds), ascending, the last {@code +Inf}
     * @param counts      observations at or below each bound
     */
    public record Buckets(double[] upperBounds, long[] counts) {

        /** All observations: the {@code +Inf} bucket's count. */
        public long count() {
            return counts.length == 0 ? 0 : counts[counts.length - 1];
        }
    }
}
