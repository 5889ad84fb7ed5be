package io.dbharness.core.result;

/**
 * One group of workers of a run.
 *
 * @param loadModel {@code closed} or {@code open 1000 rows/s}
 * @param pacing    null in the closed model
 */
public record GroupResult(String name, String loadModel, int workers, Totals totals, Pacing pacing) {
}
