package io.dbharness.core.engine;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;

/**
 * Cancels a worker's attempt that runs past {@code --op-timeout} (adapters enforce the deadline natively too; this
 * is the backstop), and once the run is past its grace, whatever still runs. Cancels of one attempt repeat at
 * {@code cancelRepeat} (a session may escalate: a cancel request, then the socket closed); the third also
 * interrupts the worker, the last resort for a driver call that ignores the cancel. A worker between attempts is
 * woken to see the stop. Called from the engine's monitor thread only; cancels run on {@code cancels}.
 */
final class Watchdog {

    /** How often a worker between attempts is woken to see the stop, and a cancel repeated before the interrupt. */
    private static final int ESCALATE_AT = 3;

    /** The watchdog's own bookkeeping for one worker. */
    private static final class Pace {
        int cancels;
        long cancelsOfAttempt = -1;
        long nextCancelNanos;
    }

    private final long timeoutNanos;
    private final Engine.Timing timing;
    private final ExecutorService cancels;
    private final Map<Worker, Pace> paces = new IdentityHashMap<>();

    Watchdog(long timeoutNanos, Engine.Timing timing, ExecutorService cancels) {
        this.timeoutNanos = timeoutNanos;
        this.timing = timing;
        this.cancels = cancels;
    }

    /**
     * Looks at {@code w} at {@code now}: cancels its attempt when past its deadline or, with {@code stopWhy} (the
     * run past its grace), whatever runs; repeats while it runs.
     */
    void check(Worker w, long now, String stopWhy) {
        Pace pace = paces.computeIfAbsent(w, k -> new Pace());
        Attempt attempt = w.attempt;
        long since = attempt.startNanos();
        if (since == 0) {
            // waiting (backoff, reconnect, pacing): wake it up to see the stop; never mid-attempt, never blocking
            if (stopWhy != null && !w.finished && pace.cancels < ESCALATE_AT
                    && attempt.whileIdle(() -> w.thread.interrupt())) {
                pace.cancels++;
            }
            return;
        }
        long id = attempt.id();
        boolean overdue = now - since > timeoutNanos + timing.watchdogMargin().toNanos();
        String why = overdue ? "passed --op-timeout " + Worker.seconds(timeoutNanos) + " and was cancelled" : stopWhy;
        if (why == null) {
            return;
        }
        if (pace.cancelsOfAttempt != id) {
            pace.cancelsOfAttempt = id;
            pace.cancels = 0;
            pace.nextCancelNanos = now;
        }
        if (now < pace.nextCancelNanos) {
            return;
        }
        attempt.markCancelled(id, why, !overdue);
        pace.cancels++;
        pace.nextCancelNanos = now + timing.cancelRepeat().toNanos();
        int level = pace.cancels;
        cancels.execute(() -> attempt.cancelIfInFlight(id, () -> {
            w.session.cancel();
            if (level >= ESCALATE_AT) {
                w.thread.interrupt();
            }
        }));
    }
}
