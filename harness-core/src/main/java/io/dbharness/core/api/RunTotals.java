package io.dbharness.core.api;

/**
 * Counts over the whole run.
 *
 * @param rows        rows the targets accepted
 * @param skippedRows rows the target format cannot carry; never written, never errors
 * @param failedRows  rows of operations that failed after retries
 */
public record RunTotals(long operations, long rows, long skippedRows, long points, long bytes, long errors,
                        long failedRows, long retries) {
}
