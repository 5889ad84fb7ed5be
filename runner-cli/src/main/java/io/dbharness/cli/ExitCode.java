package io.dbharness.cli;

/** The exit codes {@code runner} promises. */
public final class ExitCode {
    public static final int OK = 0;
    /** Finished with errors, or the verification failed. */
    public static final int RUN_FAILED = 1;
    /** Bad usage or config. */
    public static final int USAGE = 2;
    /** Target unreachable or authentication failed. */
    public static final int TARGET = 3;

    private ExitCode() {
    }
}
