package io.dbharness.core.api;

/**
 * Counts over the whole run (or one group of it).
 *
 * @param operations  operations that ended (ok, rolled back or failed)
 * @param rows        rows the target stored
 * @param skippedRows rows the target did not store by design; never errors
 * @param failedRows  rows of operations that failed and certainly left nothing
 * @param unknownRows rows of operations that failed in a way that may have stored them (a timeout or lost
 *                    connection after the whole write was sent); {@code --verify} reconciles them
 * @param rolledBack  operations that ended in an expected rollback; not errors
 * @param timeouts    attempts cancelled past {@code --op-timeout} or at the end of the run, whether a retry then
 *                    succeeded or not (those that ended their operation are among the errors too)
 * @param retries     attempts repeated after a retryable failure, a timeout or a lost connection
 * @param reconnects  connections opened anew after one was lost
 */
public record RunTotals(long operations, long rows, long skippedRows, long points, long bytes, long errors,
                        long failedRows, long unknownRows, long rolledBack, long timeouts, long retries,
                        long reconnects) {

    public static final RunTotals ZERO = new RunTotals(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** These counts and {@code o}'s together: the processes of one run merged, or the groups of one. */
    public RunTotals plus(RunTotals o) {
        return new RunTotals(operations + o.operations, rows + o.rows, skippedRows + o.skippedRows, points + o.points,
                bytes + o.bytes, errors + o.errors, failedRows + o.failedRows, unknownRows + o.unknownRows,
                rolledBack + o.rolledBack, timeouts + o.timeouts, retries + o.retries, reconnects + o.reconnects);
    }
}
