package io.dbharness.core.engine;

import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetException.Kind;

import java.util.concurrent.locks.ReentrantLock;

/**
 * A worker's attempt in flight, as the worker and its {@link Watchdog} share it. Its start and end, and a cancel
 * of it, hold one lock: a cancel meant for one attempt never lands on the next, and an interrupt (the watchdog's
 * last resort, or a stop's wake-up) does not outlive the attempt it was for.
 */
final class Attempt {

    private final ReentrantLock lock = new ReentrantLock();
    private final EngineClock clock;
    /** Start of the attempt in flight, 0 when none. */
    private volatile long startNanos;
    /** Incremented for every attempt, so a late cancel of an earlier attempt is recognised. */
    private volatile long id;
    /** The attempt the watchdog cancelled, why, and whether because the run was ending (not --op-timeout). */
    private volatile long cancelledId = -1;
    private volatile String cancelReason;
    private volatile boolean cancelledForEnd;

    Attempt(EngineClock clock) {
        this.clock = clock;
    }

    /** The worker, before it executes an operation: returns the attempt's id. */
    long begin() {
        lock.lock();
        try {
            Thread.interrupted();
            long next = id + 1;
            id = next;
            startNanos = clock.nanoTime();
            return next;
        } finally {
            lock.unlock();
        }
    }

    /** The worker, once the operation returned or threw. */
    void end() {
        lock.lock();
        try {
            startNanos = 0;
            Thread.interrupted();
        } finally {
            lock.unlock();
        }
    }

    /** A failure of an attempt the watchdog cancelled is a timeout, whatever the cancel made the driver throw. */
    TargetException failure(long attempt, TargetException e) {
        if (cancelledId != attempt || e.kind() == Kind.TIMEOUT) {
            return e;
        }
        return new TargetException(Kind.TIMEOUT, e.fate(), e.vendorCode(), cancelReason + " (" + e.getMessage() + ")", e);
    }

    /** Whether the watchdog cancelled {@code attempt}. */
    boolean cancelled(long attempt) {
        return cancelledId == attempt;
    }

    /** Whether the watchdog cancelled {@code attempt} because the run was ending, not for its --op-timeout. */
    boolean cancelledForEnd(long attempt) {
        return cancelledId == attempt && cancelledForEnd;
    }

    // ---- the watchdog's side ----

    /** Start of the attempt in flight, 0 when the worker is between attempts (pacing, backoff, reconnecting). */
    long startNanos() {
        return startNanos;
    }

    long id() {
        return id;
    }

    /** Marks {@code attempt} cancelled, so its failure reads as a timeout saying {@code why}. */
    void markCancelled(long attempt, String why, boolean forEnd) {
        cancelReason = why;
        cancelledForEnd = forEnd;
        cancelledId = attempt;
    }

    /** Runs {@code cancel} while {@code attempt} is still the one in flight; the attempt cannot end meanwhile. */
    void cancelIfInFlight(long attempt, Runnable cancel) {
        lock.lock();
        try {
            if (id == attempt && startNanos != 0) {
                cancel.run();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Runs {@code wake} while no attempt is in flight, without blocking; false when one is, or the lock is busy. */
    boolean whileIdle(Runnable wake) {
        if (!lock.tryLock()) {
            return false;
        }
        try {
            if (startNanos != 0) {
                return false;
            }
            wake.run();
            return true;
        } finally {
            lock.unlock();
        }
    }
}
