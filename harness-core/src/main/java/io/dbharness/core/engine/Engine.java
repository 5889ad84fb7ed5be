package io.dbharness.core.engine;

import io.dbharness.core.api.OpResult;
import io.dbharness.core.api.Operation;
import io.dbharness.core.api.PartialWriteException;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.WorkerSession;
import io.dbharness.core.api.Workload;
import io.dbharness.core.measure.Measurements;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.Pacing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs a workload's workers against a target and measures every operation. Adapters and workloads never
 * time themselves: the engine wraps each {@link Operation#execute()}.
 */
public final class Engine {

    /** How a run ended. */
    public enum StopReason { COMPLETED, DURATION, INTERRUPTED, ABORTED }

    /** What the engine hands back; the caller adds verification and builds the result. */
    public record Outcome(Measurements measurements, List<IntervalSample> intervals, double elapsedSeconds,
                          StopReason stopReason, TargetException failure, Pacing pacing) {
    }

    private final Workload workload;
    private final TargetAdapter target;
    private final LoadModel load;
    private final RunOptions options;
    private final ProgressListener listener;
    private final StopSignal stop;
    private final Measurements measurements = new Measurements();
    private final AtomicReference<TargetException> abort = new AtomicReference<>();
    private final AtomicLong maxLagNanos = new AtomicLong();
    private final AtomicLong finalLagNanos = new AtomicLong(Long.MIN_VALUE);
    private volatile boolean deadlineHit;

    public Engine(Workload workload, TargetAdapter target, LoadModel load, RunOptions options,
                  ProgressListener listener, StopSignal stop) {
        this.workload = workload;
        this.target = target;
        this.load = load;
        this.options = options;
        this.listener = listener;
        this.stop = stop;
    }

    public Outcome run() throws TargetException {
        int n = load.workers();
        List<WorkerSession> sessions = new ArrayList<>(n);
        try {
            for (int w = 0; w < n; w++) {
                sessions.add(workload.openWorker(target, w, n));
            }
        } catch (TargetException | RuntimeException e) {
            sessions.forEach(WorkerSession::close);
            throw e;
        }
        CountDownLatch warmed = new CountDownLatch(n);
        CountDownLatch go = new CountDownLatch(1);
        long[] clock = new long[2]; // start, deadline: written before go opens, read after
        CountDownLatch done = new CountDownLatch(n);
        for (int w = 0; w < n; w++) {
            WorkerSession session = sessions.get(w);
            double perWorkerRate = load instanceof LoadModel.Open open ? open.rowsPerSecond() / n : 0;
            Thread t = new Thread(() -> {
                try {
                    session.warmUp();
                    warmed.countDown();
                    go.await();
                    work(session, clock[0], clock[1], perWorkerRate);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    session.close();
                    done.countDown();
                }
            }, "dbharness-worker-" + w);
            t.setDaemon(true);
            t.start();
        }
        // Link and load everything the clock would otherwise charge to the first operations.
        long durationNanos = options.duration().isPresent() ? options.duration().get().toNanos() : -1;
        measurements.prepare();
        awaitQuietly(warmed);
        long startNanos = System.nanoTime();
        clock[0] = startNanos;
        clock[1] = durationNanos < 0 ? Long.MAX_VALUE : startNanos + durationNanos;
        go.countDown();
        List<IntervalSample> intervals = new ArrayList<>();
        OptionalLong planned = workload.plannedRows();
        long intervalNanos = options.watchInterval().toNanos();
        try {
            while (!done.await(intervalNanos, TimeUnit.NANOSECONDS)) {
                double elapsed = (System.nanoTime() - startNanos) / 1e9;
                IntervalSample s = measurements.sample(elapsed);
                intervals.add(s);
                listener.onInterval(s, progress(elapsed, planned));
            }
        } catch (InterruptedException e) {
            stop.request();
            Thread.currentThread().interrupt();
            awaitQuietly(done);
        }
        double elapsed = (System.nanoTime() - startNanos) / 1e9;
        IntervalSample last = measurements.sample(elapsed);
        if (last.seconds() > 0.05 || intervals.isEmpty()) {
            intervals.add(last);
        }
        StopReason reason = abort.get() != null ? StopReason.ABORTED
                : stop.isRequested() ? StopReason.INTERRUPTED
                : deadlineHit ? StopReason.DURATION : StopReason.COMPLETED;
        return new Outcome(measurements, intervals, elapsed, reason, abort.get(), pacing());
    }

    private ProgressListener.Progress progress(double elapsed, OptionalLong planned) {
        var t = measurements.totals();
        double eta = -1;
        double fraction = -1;
        long handled = t.rows() + t.skippedRows() + t.failedRows();
        if (options.duration().isPresent()) {
            double total = options.duration().get().toNanos() / 1e9;
            fraction = Math.min(1, elapsed / total);
            eta = Math.max(0, total - elapsed);
        }
        if (planned.isPresent() && planned.getAsLong() > 0 && handled > 0) {
            double f = Math.min(1, (double) handled / planned.getAsLong());
            double e = elapsed / f - elapsed;
            if (eta < 0 || e < eta || eta == 0) { // past the deadline an open-model run still drains what came due
                eta = e;
                fraction = f;
            }
        }
        return new ProgressListener.Progress(elapsed, t.rows(), t.points(), t.bytes(), t.errors(), eta, fraction);
    }

    /**
     * In the open model an operation is due when the rows it carries have all come due at the worker's
     * share of the rate: a batch is sent at the end of the interval its rows fill, never before (for
     * {@code --live}, never before its rows exist). Operations due after the deadline are not started.
     */
    private void work(WorkerSession session, long startNanos, long deadline, double perWorkerRate) {
        boolean open = perWorkerRate > 0;
        long rowsIssued = 0;
        long lastIntended = -1;
        while (!stop.isRequested() && abort.get() == null) {
            if (!open && System.nanoTime() >= deadline) {
                deadlineHit = true;
                break;
            }
            Operation op;
            try {
                op = session.next();
            } catch (TargetException e) {
                fail(e);
                break;
            }
            if (op == null) {
                break;
            }
            long intended;
            if (open) {
                rowsIssued += op.rows();
                intended = startNanos + (long) (rowsIssued / perWorkerRate * 1e9);
                if (intended > deadline) {
                    deadlineHit = true;
                    break;
                }
                if (!waitUntil(intended)) {
                    break;
                }
                maxLagNanos.accumulateAndGet(System.nanoTime() - intended, Math::max);
                lastIntended = intended;
            } else {
                intended = System.nanoTime();
            }
            execute(op, intended);
        }
        if (open && lastIntended >= 0) {
            finalLagNanos.accumulateAndGet(System.nanoTime() - lastIntended, Math::max);
        }
    }

    private void execute(Operation op, long intendedNanos) {
        for (int attempt = 0; ; attempt++) {
            try {
                OpResult r = op.execute();
                measurements.recordSuccess(op.type(), r, System.nanoTime() - intendedNanos);
                return;
            } catch (TargetException e) {
                if (e.kind() == TargetException.Kind.RETRYABLE && attempt < options.maxRetries() && !stop.isRequested()) {
                    measurements.recordRetry();
                    LockSupport.parkNanos(Duration.ofMillis(50L << Math.min(attempt, 6)).toNanos());
                    continue;
                }
                if (e instanceof PartialWriteException p) {
                    long rowsLost = Math.max(0, op.rows() - p.rowsWritten() - p.rowsSkipped());
                    measurements.recordPartial(op.type(), p.rowsWritten(), p.rowsSkipped(), rowsLost, e);
                } else {
                    measurements.recordFailure(op.type(), op.rows(), e);
                }
                boolean lost = e.kind() == TargetException.Kind.UNREACHABLE || e.kind() == TargetException.Kind.AUTHENTICATION;
                if (lost || measurements.totals().errors() > options.maxErrors()) {
                    fail(e);
                }
                return;
            } catch (RuntimeException e) {
                TargetException te = new TargetException(TargetException.Kind.FATAL, null,
                        "internal error in " + op.type() + ": " + e, e);
                measurements.recordFailure(op.type(), op.rows(), te);
                fail(te);
                return;
            }
        }
    }

    private void fail(TargetException e) {
        abort.compareAndSet(null, e);
    }

    /** Parks until {@code when}; false when the run is stopped first. */
    private boolean waitUntil(long when) {
        while (true) {
            if (stop.isRequested() || abort.get() != null) {
                return false;
            }
            long wait = when - System.nanoTime();
            if (wait <= 0) {
                return true;
            }
            LockSupport.parkNanos(Math.min(wait, 100_000_000L));
        }
    }

    private Pacing pacing() {
        if (!(load instanceof LoadModel.Open open)) {
            return null;
        }
        double finalLag = Math.max(0, finalLagNanos.get() / 1e9); // time to finish the last due operation
        double maxLag = Math.max(0, maxLagNanos.get() / 1e9);
        return new Pacing(open.rowsPerSecond(), finalLag <= 1.0, finalLag, maxLag);
    }

    private static void awaitQuietly(CountDownLatch done) {
        boolean interrupted = false;
        while (true) {
            try {
                done.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
