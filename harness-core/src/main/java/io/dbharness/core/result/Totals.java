package io.dbharness.core.result;

import io.dbharness.core.api.RunTotals;

/**
 * Run (or group) totals as the result file and summary show them: the counts of {@link RunTotals} (see there
 * what each means) and the rates over {@code durationSeconds}.
 */
public record Totals(long operations, long rows, long skippedRows, long points, long bytes, long errors,
                     long failedRows, long unknownRows, long rolledBack, long timeouts, long retries,
                     long reconnects, long cutOff, long settled, double durationSeconds, double operationsPerSecond,
                     double rowsPerSecond, double pointsPerSecond, double megabytesPerSecond) {

    /** The counts without the rates: what adds up across the parts of a run. */
    public RunTotals counts() {
        return new RunTotals(operations, rows, skippedRows, points, bytes, errors, failedRows, unknownRows,
                rolledBack, timeouts, retries, reconnects, cutOff, settled);
    }

    /** The counts of {@code t} with their rates over {@code seconds}. */
    public static Totals of(RunTotals t, double seconds) {
        double s = Math.max(1e-9, seconds);
        return new Totals(t.operations(), t.rows(), t.skippedRows(), t.points(), t.bytes(), t.errors(),
                t.failedRows(), t.unknownRows(), t.rolledBack(), t.timeouts(), t.retries(), t.reconnects(),
                t.cutOff(), t.settled(), seconds, t.operations() / s, t.rows() / s, t.points() / s,
                t.bytes() / s / 1e6);
    }

    /** Totals by name, for figures that are not a run's own (tests, stored results); all 0 unless set. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these totals, to change some of them. */
    public Builder toBuilder() {
        return builder().operations(operations).rows(rows).skippedRows(skippedRows).points(points).bytes(bytes)
                .errors(errors).failedRows(failedRows).unknownRows(unknownRows).rolledBack(rolledBack)
                .timeouts(timeouts).retries(retries).reconnects(reconnects).cutOff(cutOff).settled(settled)
                .durationSeconds(durationSeconds).operationsPerSecond(operationsPerSecond).rowsPerSecond(rowsPerSecond)
                .pointsPerSecond(pointsPerSecond).megabytesPerSecond(megabytesPerSecond);
    }

    public static final class Builder {
        private long operations;
        private long rows;
        private long skippedRows;
        private long points;
        private long bytes;
        private long errors;
        private long failedRows;
        private long unknownRows;
        private long rolledBack;
        private long timeouts;
        private long retries;
        private long reconnects;
        private long cutOff;
        private long settled;
        private double durationSeconds;
        private double operationsPerSecond;
        private double rowsPerSecond;
        private double pointsPerSecond;
        private double megabytesPerSecond;

        private Builder() {
        }

        public Builder operations(long operations) {
            this.operations = operations;
            return this;
        }

        public Builder rows(long rows) {
            this.rows = rows;
            return this;
        }

        public Builder skippedRows(long skippedRows) {
            this.skippedRows = skippedRows;
            return this;
        }

        public Builder points(long points) {
            this.points = points;
            return this;
        }

        public Builder bytes(long bytes) {
            this.bytes = bytes;
            return this;
        }

        public Builder errors(long errors) {
            this.errors = errors;
            return this;
        }

        public Builder failedRows(long failedRows) {
            this.failedRows = failedRows;
            return this;
        }

        public Builder unknownRows(long unknownRows) {
            this.unknownRows = unknownRows;
            return this;
        }

        public Builder rolledBack(long rolledBack) {
            this.rolledBack = rolledBack;
            return this;
        }

        public Builder timeouts(long timeouts) {
            this.timeouts = timeouts;
            return this;
        }

        public Builder retries(long retries) {
            this.retries = retries;
            return this;
        }

        public Builder reconnects(long reconnects) {
            this.reconnects = reconnects;
            return this;
        }

        public Builder cutOff(long cutOff) {
            this.cutOff = cutOff;
            return this;
        }

        public Builder settled(long settled) {
            this.settled = settled;
            return this;
        }

        public Builder durationSeconds(double durationSeconds) {
            this.durationSeconds = durationSeconds;
            return this;
        }

        public Builder operationsPerSecond(double operationsPerSecond) {
            this.operationsPerSecond = operationsPerSecond;
            return this;
        }

        public Builder rowsPerSecond(double rowsPerSecond) {
            this.rowsPerSecond = rowsPerSecond;
            return this;
        }

        public Builder pointsPerSecond(double pointsPerSecond) {
            this.pointsPerSecond = pointsPerSecond;
            return this;
        }

        public Builder megabytesPerSecond(double megabytesPerSecond) {
            this.megabytesPerSecond = megabytesPerSecond;
            return this;
        }

        public Totals build() {
            return new Totals(operations, rows, skippedRows, points, bytes, errors, failedRows, unknownRows,
                    rolledBack, timeouts, retries, reconnects, cutOff, settled, durationSeconds, operationsPerSecond,
                    rowsPerSecond, pointsPerSecond, megabytesPerSecond);
        }
    }
}
