package io.dbharness.iot;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.OptionalDouble;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Normalises and digests kept answers on a thread of its own, so that their cost is in neither a query's time
 * nor its worker's: on a 3,600-row answer it was several milliseconds of the worker's per query (issue 35). The
 * thread's CPU time is counted, and being the process's it is in the harness's CPU of the result. What waits is
 * bounded: a worker handing over an answer while {@link #QUEUED_VALUES} values wait blocks until the digests
 * catch up, so a digest slower than the queries slows the workers rather than filling the heap.
 */
final class AnswerDigester {

    /** Values (rows times columns) of the answers waiting at most; about 30 MB of boxed values. */
    static final int QUEUED_VALUES = 1_000_000;

    private final int capacity;
    private final Semaphore room;
    // no thread while nothing waits (a run keeping no answers starts none); one at most, so answers go in order
    private final ThreadPoolExecutor thread = new ThreadPoolExecutor(0, 1, 1, TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(), r -> {
                Thread t = new Thread(r, "dbharness-answers");
                t.setDaemon(true);
                return t;
            });
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final AtomicLong cpuNanos = new AtomicLong();
    private volatile boolean cpuUnknown = !threads.isCurrentThreadCpuTimeSupported();

    AnswerDigester() {
        this(QUEUED_VALUES);
    }

    AnswerDigester(int capacity) {
        this.capacity = capacity;
        this.room = new Semaphore(capacity);
    }

    /** Hands {@code digest} (of an answer of {@code values} values) to the thread; blocks while the queue is full. */
    void submit(long values, Runnable digest) {
        int permits = (int) Math.max(1, Math.min(values, capacity));
        room.acquireUninterruptibly(permits);
        thread.execute(() -> {
            long before = cpuUnknown ? -1 : threads.getCurrentThreadCpuTime();
            try {
                digest.run();
            } finally {
                long after = before < 0 ? -1 : threads.getCurrentThreadCpuTime();
                if (after < 0) {
                    cpuUnknown = true;
                } else {
                    cpuNanos.addAndGet(after - before);
                }
                room.release(permits);
            }
        });
    }

    /** Waits until every answer handed over so far is digested. */
    void await() {
        try {
            thread.submit(() -> { }).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    /** CPU time the digests took so far, empty when the JVM cannot measure a thread's. */
    OptionalDouble cpuSeconds() {
        return cpuUnknown ? OptionalDouble.empty() : OptionalDouble.of(cpuNanos.get() / 1e9);
    }
}
