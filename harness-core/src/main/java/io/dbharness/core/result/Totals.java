package io.dbharness.core.result;

import io.dbharness.core.api.Counts;

/**
 * Run (or group, or interval) totals as the result file and summary show them: the {@link Counts} (see there what
 * each means) and the rates over {@code durationSeconds}. The file writes the counts as fields of their own beside
 * the rates.
 */
public record Totals(Counts counts, double durationSeconds, double operationsPerSecond, double rowsPerSecond,
                     double pointsPerSecond, double megabytesPerSecond) {

    public Totals {
        counts = counts == null ? Counts.ZERO : counts;
    }

    /** The counts of {@code c} with their rates over {@code seconds}. */
    public static Totals of(Counts c, double seconds) {
        double s = Math.max(1e-9, seconds);
        return new Totals(c, seconds, c.operations() / s, c.rows() / s, c.points() / s, c.bytes() / s / 1e6);
    }
}
