package io.dbharness.core.engine;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Asks a running run to stop (Ctrl-C, SIGTERM, a test's timeout): no new operations start, the ones in flight
 * get a short grace and are then cancelled, and the run ends with its summary and result.
 */
public final class StopSignal {

    /** Why the run was stopped, and the exit code that says so (130 for SIGINT, 143 for SIGTERM). */
    public record Request(String reason, int exitCode) {
    }

    /** Where the run is: a stop before it started has nothing to report; after it, it cuts the checks short. */
    public enum Phase { SETUP, RUNNING, FINISHING }

    private final AtomicReference<Request> requested = new AtomicReference<>();
    private volatile Phase phase = Phase.SETUP;
    private final java.util.concurrent.CountDownLatch latch = new java.util.concurrent.CountDownLatch(1);

    /** A stop from code (the library, a test): reported as an interrupt. */
    public void request() {
        request("stopped", 130);
    }

    /** The first request wins; later ones change nothing. */
    public void request(String reason, int exitCode) {
        if (requested.compareAndSet(null, new Request(reason, exitCode))) {
            latch.countDown();
        }
    }

    public Phase phase() {
        return phase;
    }

    /** Set by the harness as the run moves on. */
    public void phase(Phase p) {
        phase = p;
    }

    public boolean isRequested() {
        return requested.get() != null;
    }

    /** The first request, or null. */
    public Request requested() {
        return requested.get();
    }

    /** Waits up to {@code nanos} for a request; true when one came. */
    public boolean await(long nanos) throws InterruptedException {
        return latch.await(nanos, java.util.concurrent.TimeUnit.NANOSECONDS);
    }

    /** {@link #await(long)} on the run's clock. */
    boolean await(long nanos, EngineClock clock) throws InterruptedException {
        return clock.await(latch, nanos);
    }
}
