package io.dbharness.core.result;

/**
 * Latency of one operation type over the whole run. In the open model latency runs from the intended
 * start, so waiting caused by a slow target is included.
 *
 * @param histogram HdrHistogram of microseconds, compressed and base64-encoded; mergeable across runs
 */
public record OperationStats(String type, long count, double meanMillis, double p50Millis, double p95Millis,
                             double p99Millis, double p999Millis, double maxMillis, String histogram) {
}
