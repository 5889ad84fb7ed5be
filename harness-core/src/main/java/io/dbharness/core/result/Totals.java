package io.dbharness.core.result;

/** Run (or group) totals as the result file and summary show them; see {@link io.dbharness.core.api.RunTotals}. */
public record Totals(long operations, long rows, long skippedRows, long points, long bytes, long errors,
                     long failedRows, long unknownRows, long rolledBack, long timeouts, long retries,
                     long reconnects, double durationSeconds, double operationsPerSecond, double rowsPerSecond,
                     double pointsPerSecond, double megabytesPerSecond) {

    /** The counts without the rates: what adds up across the parts of a run. */
    public io.dbharness.core.api.RunTotals counts() {
        return new io.dbharness.core.api.RunTotals(operations, rows, skippedRows, points, bytes, errors, failedRows,
                unknownRows, rolledBack, timeouts, retries, reconnects);
    }

    public static Totals of(io.dbharness.core.api.RunTotals t, double seconds) {
        double s = Math.max(1e-9, seconds);
        return new Totals(t.operations(), t.rows(), t.skippedRows(), t.points(), t.bytes(), t.errors(),
                t.failedRows(), t.unknownRows(), t.rolledBack(), t.timeouts(), t.retries(), t.reconnects(),
                seconds, t.operations() / s, t.rows() / s, t.points() / s, t.bytes() / s / 1e6);
    }
}
