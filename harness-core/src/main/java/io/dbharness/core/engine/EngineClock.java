package io.dbharness.core.engine;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * What a run's engine, workers and watchdog read the time from and wait on: the open model's schedule, the
 * warm-up's end, {@code --duration}'s deadline, latencies, backoffs, the reconnect budget, the watch interval.
 * Every run uses {@link #SYSTEM}. Engine tests give a clock whose time moves only when every thread of the run
 * waits on it, so what pacing, warm-up and deadlines do is asserted exactly, however loaded the machine. The host
 * sampler and the server monitor keep the system clock: they measure the machine and the server, whose time a test
 * clock does not move (engine tests have neither a server nor host figures to assert).
 *
 * <p>Readings are {@link System#nanoTime()}-like: only differences mean something. A worker holds its clock in a
 * final field, and SYSTEM is the only implementation a run loads, so the call compiles to System.nanoTime() itself.
 */
interface EngineClock {

    long nanoTime();

    /** Waits up to {@code nanos}, or less when the thread is unparked or interrupted (as LockSupport.parkNanos). */
    void parkNanos(long nanos);

    /** Waits up to {@code nanos} for {@code latch} to reach zero; true when it did. */
    boolean await(CountDownLatch latch, long nanos) throws InterruptedException;

    EngineClock SYSTEM = new EngineClock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void parkNanos(long nanos) {
            LockSupport.parkNanos(nanos);
        }

        @Override
        public boolean await(CountDownLatch latch, long nanos) throws InterruptedException {
            return latch.await(nanos, TimeUnit.NANOSECONDS);
        }

        @Override
        public String toString() {
            return "system clock";
        }
    };
}
