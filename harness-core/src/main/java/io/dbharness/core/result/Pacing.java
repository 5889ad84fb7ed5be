package io.dbharness.core.result;

/**
 * How an open-model run kept to its schedule.
 *
 * @param targetRowsPerSecond the rate asked for
 * @param keptUp              whether the run finished within a second of its schedule
 * @param finalLagSeconds     how far behind schedule the last operation finished
 * @param maxLagSeconds       the largest delay of an operation's start behind its intended start
 */
public record Pacing(double targetRowsPerSecond, boolean keptUp, double finalLagSeconds, double maxLagSeconds) {
}
