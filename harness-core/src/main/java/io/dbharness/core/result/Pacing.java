package io.dbharness.core.result;

/**
 * How an open-model group kept to its schedule.
 *
 * @param targetPerSecond the rate asked for, in {@code unit}
 * @param unit            {@code rows/s} or {@code ops/s}
 * @param keptUp          whether the group finished within a second of its schedule and within 5% of its time at work
 *                        (at least 50 ms)
 * @param finalLagSeconds how far behind schedule the last operation finished
 * @param maxLagSeconds   the furthest the group fell behind schedule at any time (never below the final lag)
 */
public record Pacing(double targetPerSecond, String unit, boolean keptUp, double finalLagSeconds,
                     double maxLagSeconds) {
}
