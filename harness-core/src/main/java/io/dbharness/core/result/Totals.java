package io.dbharness.core.result;

/** Run (or group) totals as the result file and summary show them; see {@link io.dbharness.core.api.RunTotals}. */
public record Totals(long operations, long rows, long skippedRows, long points, long bytes, long errors,
                     long failedRows, long unknownRows, long rolledBack, long timeouts, long retries,
                     long reconnects, double durationSeconds, double operationsPerSecond, double rowsPerSecond,
                     double pointsPerSecond, double megabytesPerSecond) {

    public static Totals of(io.dbharness.core.api.RunTotals t, double seconds) {
        double s = Math.max(1e-9, seconds);
        return new Totals(t.operations(), t.rows(), t.skippedRows(), t.points(), t.bytes(), t.errors(),
                t.failedRows(), t.unknownRows(), t.rolledBack(), t.timeouts(), t.retries(), t.reconnects(),
                seconds, t.operations() / s, t.rows() / s, t.points() / s, t.bytes() / s / 1e6);
    }
}
