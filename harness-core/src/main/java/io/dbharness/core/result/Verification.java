package io.dbharness.core.result;

/**
 * The outcome of checking the target after a run.
 *
 * @param status   PASSED, FAILED or SKIPPED
 * @param expected what the harness reported, -1 when not applicable
 * @param actual   what the target holds, -1 when not counted
 */
public record Verification(String status, long expected, long actual, String message) {

    public static Verification passed(long expected, long actual, String message) {
        return new Verification("PASSED", expected, actual, message);
    }

    public static Verification failed(long expected, long actual, String message) {
        return new Verification("FAILED", expected, actual, message);
    }

    public static Verification skipped(String why) {
        return new Verification("SKIPPED", -1, -1, why);
    }

    public boolean isFailed() {
        return "FAILED".equals(status);
    }
}
