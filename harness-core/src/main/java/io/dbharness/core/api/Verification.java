package io.dbharness.core.api;

/**
 * The outcome of checking the target after a run.
 *
 * @param status        PASSED, FAILED or SKIPPED
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

    public static Verification skipped(String why) {
        return new Verification("SKIPPED", -1, -1, -1, why);
    }

    public boolean isFailed() {
        return "FAILED".equals(status);
    }
}
