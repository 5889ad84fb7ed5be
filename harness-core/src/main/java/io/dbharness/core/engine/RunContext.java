package io.dbharness.core.engine;

import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.measure.Measurements;

import java.util.concurrent.atomic.AtomicReference;

/** What the workers of one run share: options, measurements, the clock and the ways a run ends. */
final class RunContext {

    final RunOptions options;
    final Measurements measurements;
    final StopSignal stop;
    final EngineClock clock;
    private final AtomicReference<TargetException> abort = new AtomicReference<>();
    private final AtomicReference<RuntimeException> usage = new AtomicReference<>();
    /** Set before the workers start: when the measured run begins (after the warm-up). */
    volatile long startNanos;
    /** When the workers were let go: the open model's schedule starts here, warm-up included. */
    volatile long goNanos;
    /** Whether the workload's warm-up is over (true from the start without one); the sampler's. */
    boolean warmupEnded;
    /** The process's CPU time when the measured run began, -1 when unknown; the sampler's. */
    long cpuStartNanos = -1;
    /** Long.MAX_VALUE without --duration. */
    volatile long deadlineNanos = Long.MAX_VALUE;
    /** Past the grace after a stop or the deadline: no new attempt, no retry; in-flight ones get cancelled. */
    volatile boolean hardStop;

    RunContext(RunOptions options, Measurements measurements, StopSignal stop, EngineClock clock) {
        this.options = options;
        this.measurements = measurements;
        this.stop = stop;
        this.clock = clock;
    }

    /** Whether the run is ending: no retries, no reconnects, and no new operations in the closed model. */
    boolean winding() {
        return hardStop || abort.get() != null || usage.get() != null || stop.isRequested();
    }

    /**
     * Whether the run is over by its own end (past --duration, or a stop was asked for) rather than by a failure:
     * operations it then cuts off are not errors.
     */
    boolean ending() {
        return abort.get() == null && usage.get() == null
                && (stop.isRequested() || clock.nanoTime() >= deadlineNanos);
    }

    /** Ends the run with {@code e} as its failure; the first one wins. */
    void abort(TargetException e) {
        abort.compareAndSet(null, e);
    }

    /** Bad usage found only once running (e.g. a timestamp the chosen precision cannot carry): exit code 2. */
    void abortUsage(UsageException e) {
        usage.compareAndSet(null, e);
    }

    TargetException failure() {
        return abort.get();
    }

    RuntimeException usageFailure() {
        return usage.get();
    }

    /** Sleeps up to {@code millis}, returning early when the run is ending. */
    void pause(long millis) {
        long until = clock.nanoTime() + millis * 1_000_000L;
        try {
            while (!winding()) {
                long left = until - clock.nanoTime();
                if (left <= 0 || stop.await(Math.min(left, 50_000_000L), clock)) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            // the watchdog's wake-up: it has done its job; kept set, it would cut every later wait short
        }
    }
}
