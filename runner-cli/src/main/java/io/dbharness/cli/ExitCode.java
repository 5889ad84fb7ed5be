package io.dbharness.cli;

/** The exit codes {@code runner} promises. */
final class ExitCode {
    static final int OK = 0;
    /** Finished with errors, or the verification failed. */
    static final int RUN_FAILED = 1;
    /** Bad usage or config. */
    static final int USAGE = 2;
    /** Target unreachable or authentication failed. */
    static final int TARGET = 3;

    private ExitCode() {
    }
}
