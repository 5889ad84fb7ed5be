package io.dbharness.core.result;

/**
 * How a run ended: the section {@code outcome} of a result file.
 *
 * @param stopReason  why the measured run stopped
 * @param failure     the message that aborted the run, null otherwise
 * @param failedPhase where the failure came, null without a failure
 * @param exitCode    the process's exit code for this run: 0 ok, 1 errors or failed verification, 2 bad usage found
 *                    during the run, 3 target lost beyond the reconnect budget or credentials refused, 130/143/129
 *                    stopped by SIGINT/SIGTERM/SIGHUP
 */
public record Outcome(StopReason stopReason, String failure, Phase failedPhase, int exitCode) {

    /** Where a failure came. */
    public enum Phase {
        /** Creating, cleaning or loading the data before the measured run: nothing was measured. */
        PREPARE,
        /** The measured run. */
        RUN
    }
}
