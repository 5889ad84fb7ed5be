package io.dbharness.core.result;

/** Run totals as the result file and summary show them. */
public record Totals(long operations, long rows, long skippedRows, long points, long bytes, long errors,
                     long failedRows, long retries, double durationSeconds, double rowsPerSecond,
                     double pointsPerSecond, double megabytesPerSecond) {
}
