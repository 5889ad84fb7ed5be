package io.dbharness.core.api;

import java.util.Objects;

/**
 * What a completed operation did, counted by the engine.
 *
 * @param outcome     OK, or ROLLED_BACK for a rollback the workload expects (TPC-C's 1% of New-Orders):
 *                    counted apart and never as an error
 * @param rows        rows the target stored
 * @param skippedRows rows the target did not store by design (a line-protocol row with no field, a key
 *                    already present under ON CONFLICT DO NOTHING); not errors
 * @param returnedRows rows a query returned
 */
public record OpResult(Outcome outcome, long rows, long skippedRows, long points, long bytes, long returnedRows) {

    public enum Outcome { OK, ROLLED_BACK }

    private static final OpResult DONE = new OpResult(Outcome.OK, 0, 0, 0, 0, 0);
    private static final OpResult ROLLED_BACK = new OpResult(Outcome.ROLLED_BACK, 0, 0, 0, 0, 0);

    public OpResult {
        Objects.requireNonNull(outcome, "outcome");
    }

    /** A write that stored {@code rows}. */
    public static OpResult written(long rows, long skippedRows, long points, long bytes) {
        return new OpResult(Outcome.OK, rows, skippedRows, points, bytes, 0);
    }

    /** A query that returned {@code rows} rows. */
    public static OpResult returned(long rows) {
        return new OpResult(Outcome.OK, 0, 0, 0, 0, rows);
    }

    /** An operation that stores no rows (a query, a read-only transaction). */
    public static OpResult ok() {
        return DONE;
    }

    /** An expected rollback. */
    public static OpResult rolledBack() {
        return ROLLED_BACK;
    }
}
