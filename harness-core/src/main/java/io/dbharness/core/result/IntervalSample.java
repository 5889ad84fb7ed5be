package io.dbharness.core.result;

/**
 * Throughput and latency over one watch interval.
 *
 * @param endSeconds seconds since the run started, at the end of the interval
 */
public record IntervalSample(double endSeconds, double seconds, long rows, long points, long bytes, long errors,
                             double rowsPerSecond, double pointsPerSecond, double megabytesPerSecond,
                             double p50Millis, double p99Millis, double maxMillis) {
}
