package io.dbharness.core.result;

/**
 * How a run ended, from the least to the most telling: merging results keeps the worst of its parts' by this
 * order.
 */
public enum StopReason { COMPLETED, DURATION, INTERRUPTED, ABORTED }
