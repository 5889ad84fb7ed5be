package io.dbharness.core.api;

/**
 * The counters of a run, one group, one operation type or one interval: the one place each counter is named and
 * its meaning written down. Run and group totals, operation stats, intervals and progress all carry one, and the
 * result file writes its counters as fields of whatever holds it; adding a counter touches this record, where the
 * engine counts it ({@code TypeStats}) and the result's JSON Schema (ARCHITECTURE.md, "Adding a counter").
 *
 * @param operations  operations that ended (ok, rolled back or failed; not those cut off at the end)
 * @param rows        rows the target stored
 * @param skippedRows rows the target did not store by design; never errors
 * @param points      field values the target stored (a row with no value has no point)
 * @param bytes       bytes the encoders sent to the target
 * @param errors      operations that failed after their retries (timeouts included)
 * @param failedRows  rows of operations that failed (or were cut off) and certainly left nothing
 * @param unknownRows rows of operations that failed (or were cut off) in a way that may have stored them (a
 *                    timeout or lost connection after the whole write was sent); {@code --verify} reconciles them
 * @param rolledBack  operations that ended in an expected rollback; not errors
 * @param timeouts    attempts cancelled past {@code --op-timeout} or at the end of the run, whether a retry then
 *                    succeeded or not (those that ended their operation are among the errors or the cut-offs too)
 * @param retries     attempts repeated after a retryable failure, a timeout or a lost connection
 * @param reconnects  connections opened anew after one was lost
 * @param cutOff      operations still in flight when the run ended ({@code --duration}'s grace passed, or a stop)
 *                    and cancelled then: not errors, since the run's end cut them, not the target; their rows
 *                    are among the failed or unknown ones
 * @param settled     operations whose outcome was lost with the connection (a COMMIT without an answer) and then
 *                    learned from the target: committed ones count as done, rolled back ones were run again
 */
public record Counts(long operations, long rows, long skippedRows, long points, long bytes, long errors,
                     long failedRows, long unknownRows, long rolledBack, long timeouts, long retries,
                     long reconnects, long cutOff, long settled) {

    public static final Counts ZERO = builder().build();

    /** Operations that completed: ok or rolled back, the errors aside. */
    public long completed() {
        return operations - errors;
    }

    /** These counts and {@code o}'s together: the processes of one run merged, the groups or types of one. */
    public Counts plus(Counts o) {
        return new Counts(operations + o.operations, rows + o.rows, skippedRows + o.skippedRows, points + o.points,
                bytes + o.bytes, errors + o.errors, failedRows + o.failedRows, unknownRows + o.unknownRows,
                rolledBack + o.rolledBack, timeouts + o.timeouts, retries + o.retries, reconnects + o.reconnects,
                cutOff + o.cutOff, settled + o.settled);
    }

    /** What these counts added since {@code earlier}, counts of the same counters: an interval's share. */
    public Counts minus(Counts earlier) {
        return new Counts(operations - earlier.operations, rows - earlier.rows, skippedRows - earlier.skippedRows,
                points - earlier.points, bytes - earlier.bytes, errors - earlier.errors,
                failedRows - earlier.failedRows, unknownRows - earlier.unknownRows, rolledBack - earlier.rolledBack,
                timeouts - earlier.timeouts, retries - earlier.retries, reconnects - earlier.reconnects,
                cutOff - earlier.cutOff, settled - earlier.settled);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these counts, to change some of them. */
    public Builder toBuilder() {
        return builder().operations(operations).rows(rows).skippedRows(skippedRows).points(points).bytes(bytes)
                .errors(errors).failedRows(failedRows).unknownRows(unknownRows).rolledBack(rolledBack)
                .timeouts(timeouts).retries(retries).reconnects(reconnects).cutOff(cutOff).settled(settled);
    }

    /** Counts by name, all 0 unless set. */
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

        private Builder() {
        }

        public Builder operations(long n) {
            operations = n;
            return this;
        }

        public Builder rows(long n) {
            rows = n;
            return this;
        }

        public Builder skippedRows(long n) {
            skippedRows = n;
            return this;
        }

        public Builder points(long n) {
            points = n;
            return this;
        }

        public Builder bytes(long n) {
            bytes = n;
            return this;
        }

        public Builder errors(long n) {
            errors = n;
            return this;
        }

        public Builder failedRows(long n) {
            failedRows = n;
            return this;
        }

        public Builder unknownRows(long n) {
            unknownRows = n;
            return this;
        }

        public Builder rolledBack(long n) {
            rolledBack = n;
            return this;
        }

        public Builder timeouts(long n) {
            timeouts = n;
            return this;
        }

        public Builder retries(long n) {
            retries = n;
            return this;
        }

        public Builder reconnects(long n) {
            reconnects = n;
            return this;
        }

        public Builder cutOff(long n) {
            cutOff = n;
            return this;
        }

        public Builder settled(long n) {
            settled = n;
            return this;
        }

        public Counts build() {
            return new Counts(operations, rows, skippedRows, points, bytes, errors, failedRows, unknownRows,
                    rolledBack, timeouts, retries, reconnects, cutOff, settled);
        }
    }
}
