package io.dbharness.core.engine;

import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.function.BooleanSupplier;

/**
 * An {@link EngineClock} whose time moves only when every thread of the run waits on it: then it jumps to the
 * earliest time one of them waits for. Operations take no time unless a test's script says so
 * ({@link #sleep(Duration)}), so pacing, warm-up, deadlines and latencies come out exact, on an idle machine or a
 * loaded one, and a run of "3 s" takes milliseconds.
 *
 * <p>The run's threads are the ones that read or wait on the clock; the clock moves only once {@code parties}
 * of them have (the workers and the engine's monitor), so a worker that has not started yet is not overtaken. A
 * thread that ended counts as waiting. A thread blocked elsewhere (a latch, a real sleep) holds time still: a script
 * that waits for the engine to cancel it needs the system clock. A waiter is woken at once, without the time moving,
 * when it is interrupted or what it waits for happened.
 */
final class TestClock implements EngineClock {

    /** An arbitrary origin: readings are only ever subtracted. */
    private static final long ORIGIN = 1_000_000_000_000L;

    private record Waiter(Thread thread, long until, BooleanSupplier done) {
        /** Still waiting: neither woken nor due. */
        boolean idle(long now) {
            return now < until && !thread.isInterrupted() && !done.getAsBoolean();
        }
    }

    private final int parties;
    private final Set<Thread> threads = new LinkedHashSet<>();
    private final Map<Thread, Waiter> waiting = new HashMap<>();
    private long now = ORIGIN;

    /** @param parties the threads of the run: its workers and the engine's */
    TestClock(int parties) {
        this.parties = parties;
    }

    @Override
    public synchronized long nanoTime() {
        threads.add(Thread.currentThread());
        return now;
    }

    /** Nanoseconds since the clock was made. */
    synchronized long elapsedNanos() {
        return now - ORIGIN;
    }

    @Override
    public void parkNanos(long nanos) {
        try {
            waitFor(nanos, () -> false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // as parkNanos: the flag stays set
        }
    }

    @Override
    public boolean await(CountDownLatch latch, long nanos) throws InterruptedException {
        waitFor(nanos, () -> latch.getCount() == 0);
        return latch.getCount() == 0;
    }

    /** A script's operation taking {@code d} of the run's time. */
    void sleep(Duration d) {
        parkNanos(d.toNanos());
    }

    private synchronized void waitFor(long nanos, BooleanSupplier done) throws InterruptedException {
        Thread me = Thread.currentThread();
        threads.add(me);
        Waiter w = new Waiter(me, now + Math.max(0, nanos), done);
        waiting.put(me, w);
        try {
            while (w.idle(now)) {
                advanceIfAllWait();
                if (!w.idle(now)) {
                    break;
                }
                // real time, briefly: the other threads' latches and interrupts change without telling the clock
                wait(1);
            }
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        } finally {
            waiting.remove(me);
        }
    }

    /** When all the run's threads wait, on the clock and for nothing that happened already: the next wake-up. */
    private void advanceIfAllWait() {
        if (threads.size() < parties) {
            return;
        }
        long next = Long.MAX_VALUE;
        for (Thread t : threads) {
            if (!t.isAlive()) {
                continue;
            }
            Waiter w = waiting.get(t);
            if (w == null || !w.idle(now)) {
                return;
            }
            next = Math.min(next, w.until);
        }
        if (next != Long.MAX_VALUE) {
            now = next;
            notifyAll();
        }
    }
}
