package io.dbharness.core.api;

/**
 * The outcome of checking the target after a run.
 *
 * @param status        PASSED, FAILED (rows counted and found different), SKIPPED, or UNCHECKED (asked for, but the rows
 *                      were not counted: the target could not be reached, which exits 3, or the check was stopped,
 *                      timed out or failed; nothing is known against them)
 * @param expected      rows the harness reported written (with those there before), -1 when not applicable
 * @param actual        what the target holds, -1 when not counted
 * @param unknownLanded rows of unknown fate that turned out stored (actual - expected), -1 when none were in doubt
 */
public record Verification(String status, long expected, long actual, long unknownLanded, String message) {

    public static Verification passed(long expected, long actual, String message) {
        return new Verification("PASSED", expected, actual, -1, message);
    }

    /** Passed because the rows of unknown fate explain the difference: {@code landed} of them are stored. */
    public static Verification reconciled(long expected, long actual, long landed, String message) {
        return new Verification("PASSED", expected, actual, landed, message);
    }

    public static Verification failed(long expected, long actual, String message) {
        return new Verification("FAILED", expected, actual, -1, message);
    }

    /** Asked for and not done (the target unreachable, a stop, an error). Not a failure of the rows, never counted. */
    public static Verification unchecked(long expected, String why) {
        return new Verification("UNCHECKED", expected, -1, -1, why);
    }

    public static Verification skipped(String why) {
        return new Verification("SKIPPED", -1, -1, -1, why);
    }

    /** The floor of {@link #checkTimeout}. */
    public static final java.time.Duration MIN_CHECK_TIMEOUT = java.time.Duration.ofSeconds(60);

    /**
     * The deadline of one statement of a check after the run (a count of the whole table, TPC-C's conditions),
     * which takes longer than one write: {@code --op-timeout} or a minute, whichever is longer. Targets that
     * bound statements themselves give their checks this, not {@code --op-timeout}.
     */
    public static java.time.Duration checkTimeout(java.time.Duration opTimeout) {
        return opTimeout.compareTo(MIN_CHECK_TIMEOUT) > 0 ? opTimeout : MIN_CHECK_TIMEOUT;
    }

    public boolean isFailed() {
        return "FAILED".equals(status);
    }

    public boolean isUnchecked() {
        return "UNCHECKED".equals(status);
    }
}
