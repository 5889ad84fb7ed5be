package io.dbharness.tck;

import java.time.Duration;

/** Waiting for a state, never for a time: polls a condition until it holds, and fails saying what did not happen. */
public final class Await {

    /** How long a state may take to come about: far more than it takes on a loaded 2-core machine. */
    public static final Duration AT_MOST = Duration.ofSeconds(60);

    /** A state to wait for. */
    @FunctionalInterface
    public interface Condition {
        boolean holds() throws Exception;
    }

    private Await() {
    }

    /** Polls {@code condition} every 20 ms for up to {@link #AT_MOST}; fails with "not within 60 s: what". */
    public static void until(String what, Condition condition) throws Exception {
        long until = System.nanoTime() + AT_MOST.toNanos();
        while (!condition.holds()) {
            if (System.nanoTime() - until > 0) {
                throw new AssertionError("not within " + AT_MOST.toSeconds() + " s: " + what);
            }
            Thread.sleep(20);
        }
    }
}
