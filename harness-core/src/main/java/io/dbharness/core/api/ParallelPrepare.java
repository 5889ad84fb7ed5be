package io.dbharness.core.api;


import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * A long preparation (a load) spread over threads: a status line every few seconds, the first failure kept, and
 * once a stop is asked or a thread has failed, {@code onStop} run once so the others end soon (cancel what is in
 * flight) rather than finish their work.
 */
public final class ParallelPrepare {

    private static final long STATUS_NANOS = 5_000_000_000L;

    /** One thread's work; it should return soon once {@code stopping} says so. */
    @FunctionalInterface
    public interface Body {
        void run(int thread, BooleanSupplier stopping) throws Exception;
    }

    private ParallelPrepare() {
    }

    /** Runs {@code body} on {@code threads} daemon threads and waits for them; returns the first failure, or null. */
    public static Throwable run(String name, int threads, Body body, PrepareContext context, Supplier<String> status,
                                Runnable onStop) {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        BooleanSupplier stopping = () -> failure.get() != null || context.stopRequested();
        List<Thread> started = new ArrayList<>(threads);
        for (int i = 0; i < threads; i++) {
            int index = i;
            Thread t = new Thread(() -> {
                try {
                    body.run(index, stopping);
                } catch (Throwable e) { // whatever it is, the preparation must not pass for complete
                    failure.compareAndSet(null, e);
                }
            }, name + "-" + i);
            t.setDaemon(true);
            t.start();
            started.add(t);
        }
        long nextStatus = System.nanoTime() + STATUS_NANOS;
        boolean stopped = false;
        try {
            for (Thread t : started) {
                while (t.isAlive()) {
                    t.join(100);
                    if (!stopped && stopping.getAsBoolean()) {
                        stopped = true;
                        onStop.run();
                    }
                    if (t.isAlive() && System.nanoTime() - nextStatus >= 0) {
                        context.status(status.get());
                        nextStatus += STATUS_NANOS;
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure.compareAndSet(null, e);
            onStop.run();
        }
        return failure.get();
    }
}
