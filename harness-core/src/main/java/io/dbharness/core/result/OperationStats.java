package io.dbharness.core.result;

/**
 * One operation type of one group over the whole run. Latency covers the operations that completed (ok or
 * rolled back); in the open model it runs from the intended start, so waiting caused by a slow target is
 * included, and for a retried operation it spans every attempt.
 *
 * @param completed  operations that completed: ok plus rolled back (all operations = completed + errors, and for
 *                   queries the timeouts: a query cut off by --op-timeout is neither, its wait is in the latency)
 * @param rolledBack expected rollbacks, part of {@code completed}, not errors
 * @param errors     operations that failed after their retries (timeouts included)
 * @param returnedRows rows the queries of this type returned
 * @param histogram  HdrHistogram of microseconds, compressed and base64-encoded; mergeable across runs
 */
public record OperationStats(String group, String type, long completed, long rolledBack, long errors, long timeouts,
                             long retries, long reconnects, long rows, long failedRows, long unknownRows, long returnedRows,
                             double meanMillis, double p50Millis, double p90Millis, double p95Millis,
                             double p99Millis, double p999Millis, double maxMillis, String histogram) {
}
