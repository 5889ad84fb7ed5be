package io.dbharness.core.engine;

import io.dbharness.core.api.Fate;
import io.dbharness.core.api.LoadModel;
import io.dbharness.core.api.OpResult;
import io.dbharness.core.api.Operation;
import io.dbharness.core.api.PartialWriteException;
import io.dbharness.core.api.Resolution;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetException.Kind;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.WorkerSession;
import io.dbharness.core.measure.TypeStats;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One worker thread: takes operations from its session, paces them in the open model, times them, and
 * decides what a failure means: retry, reconnect first, ask the target what became of an attempt of
 * unknown fate, or count the rows as failed or unknown. The engine's {@link Watchdog} sees the {@link Attempt}
 * in flight and cancels it through the session when it runs too long.
 */
final class Worker implements Runnable {

    private static final long MAX_BACKOFF_MILLIS = 5_000;

    final GroupState group;
    final int index;
    final WorkerSession session;
    private final RunContext run;
    /** The run's, read on every operation: a final field, so the system clock costs what System.nanoTime() does. */
    private final EngineClock clock;
    private final CountDownLatch warmed;
    private final CountDownLatch go;
    private final CountDownLatch done;
    Thread thread;

    /** The attempt in flight, shared with the engine's {@link Watchdog}. */
    final Attempt attempt;

    volatile boolean finished;
    volatile Throwable warmUpFailure;
    /** The operation in flight and its stats, for accounting a worker that never returns. */
    private volatile Operation current;
    private volatile TypeStats currentStats;
    /** Whoever settles the operation in flight first (the worker, or the engine abandoning it) records it. */
    private final AtomicBoolean settled = new AtomicBoolean(true);

    private TypeStats lastStats;
    /** Open model: when the operation this worker runs or waits for was due; MAX_VALUE when none is. */
    volatile long due = Long.MAX_VALUE;
    private boolean mustReconnect;

    Worker(GroupState group, int index, WorkerSession session, RunContext run, CountDownLatch warmed,
           CountDownLatch go, CountDownLatch done) {
        this.group = group;
        this.index = index;
        this.session = session;
        this.run = run;
        this.clock = run.clock;
        this.attempt = new Attempt(run.clock);
        this.warmed = warmed;
        this.go = go;
        this.done = done;
    }

    @Override
    public void run() {
        try {
            try {
                session.warmUp();
            } catch (Throwable e) { // whatever it is, the engine must hear of it rather than wait for this worker
                warmUpFailure = e;
            }
            warmed.countDown();
            go.await();
            if (warmUpFailure == null) {
                loop();
            }
        } catch (InterruptedException e) {
            // stopping: fall through to close
        } catch (RuntimeException | Error e) { // a bug (even a StackOverflowError): the run ends, and says why
            run.abort(internal("worker " + group.name() + "/" + index, e));
        } finally {
            group.workerFinished(clock.nanoTime());
            Thread.interrupted(); // a cancel may have interrupted us; closing must not see it
            try {
                session.close();
            } catch (RuntimeException ignored) {
                // the session is done either way; its connection goes with the target
            }
            finished = true;
            done.countDown();
        }
    }

    private void loop() {
        LoadModel load = group.spec.load();
        LoadModel.Open open = load instanceof LoadModel.Open o ? o : null;
        double perWorker = open == null ? 0 : open.perSecond() / load.workers();
        boolean byRows = open != null && open.pace() == LoadModel.Open.Pace.ROWS;
        double stagger = (double) index / load.workers();
        long issued = 0;
        long lastIntended = -1;
        long lastDone = -1;
        while (!run.winding()) {
            // nothing starts after the deadline, not even an operation an open model is behind on
            if (clock.nanoTime() >= run.deadlineNanos) {
                group.deadlineHit = true;
                break;
            }
            Operation op;
            try {
                op = session.next();
            } catch (TargetException e) {
                run.abort(e);
                break;
            } catch (UsageException e) {
                run.abortUsage(e);
                break;
            }
            if (op == null) {
                break;
            }
            long intended;
            if (open != null) {
                // unit i (a row, or an operation) of this worker is due at i / rate from the start, the workers
                // staggered evenly within one unit; an operation is due when the last unit it carries is
                issued += byRows ? Math.max(1, op.rows()) : 1;
                intended = run.goNanos + (long) ((issued - 1 + stagger) / perWorker * 1e9);
                if (intended >= run.deadlineNanos) {
                    // the run lasts --duration even when this worker's next operation falls after it
                    waitUntil(run.deadlineNanos);
                    group.deadlineHit = true;
                    break;
                }
                due = intended;
                if (!waitUntil(intended)) {
                    break;
                }
                group.lag(clock.nanoTime() - intended);
                lastIntended = intended;
            } else {
                long notBefore = op.notBeforeNanos();
                if (notBefore != 0 && notBefore - clock.nanoTime() > 0) { // a pause the workload keeps (think time)
                    if (notBefore - run.deadlineNanos >= 0) {
                        waitUntil(run.deadlineNanos); // the run ends first: this operation never starts
                        group.deadlineHit = true;
                        break;
                    }
                    if (!waitUntil(notBefore)) {
                        break;
                    }
                }
                intended = clock.nanoTime();
            }
            execute(op, intended);
            lastDone = clock.nanoTime();
        }
        due = Long.MAX_VALUE;
        if (lastIntended >= 0) {
            // when the last operation finished, not when the loop ended: a worker waiting out the deadline because
            // its next batch falls after it is ahead of its schedule, not behind it
            group.finalLag(Math.max(lastDone, lastIntended) - lastIntended);
        }
    }

    /** Parks until {@code when}; false when the run ends first. */
    private boolean waitUntil(long when) {
        while (!run.winding()) {
            long wait = when - clock.nanoTime();
            if (wait <= 0) {
                return true;
            }
            clock.parkNanos(Math.min(wait, 50_000_000L));
        }
        return false;
    }

    private TypeStats stats(String type) {
        TypeStats s = lastStats;
        if (s == null || !s.type().equals(type) || !run.measurements.current(s)) {
            s = run.measurements.type(group.name(), type);
            lastStats = s;
        }
        return s;
    }

    /**
     * Runs {@code op} to an end: completed, or failed with its rows counted as failed or unknown. Latency runs
     * from {@code intended} across every attempt, reconnect and backoff.
     */
    private void execute(Operation op, long intended) {
        TypeStats stats = stats(op.type());
        current = op;
        currentStats = stats;
        settled.set(false);
        boolean doubt = false; // some attempt, the last one included, may have been applied
        boolean lastUnknown = false; // the last attempt's fate is still unknown
        int retries = 0;
        TargetException failure = null;
        while (true) {
            if (mustReconnect) {
                Resolution r = reconnectAndResolve(op, stats, failure, lastUnknown);
                if (r == null) { // the run ends, or the target stays away, before the connection is back
                    if (failure != null && run.ending()) {
                        cut(stats, op, doubt || lastUnknown);
                    } else if (failure != null) {
                        fail(stats, op, failure, doubt || lastUnknown);
                    } else {
                        settled.set(true); // never attempted: its rows were not sent
                    }
                    return;
                }
                mustReconnect = false;
                if (r.fate() == Fate.APPLIED) {
                    complete(stats, op, accounted(op, r.result()), intended);
                    return;
                }
                lastUnknown = r.fate() == Fate.UNKNOWN;
            }
            if (failure != null) {
                doubt |= lastUnknown;
                boolean retryable = failure.kind() != Kind.FATAL && failure.kind() != Kind.AUTHENTICATION;
                boolean safe = !doubt || op.idempotent();
                if (!retryable || !safe || retries >= run.options.maxRetries()) {
                    fail(stats, op, failure, doubt);
                    return;
                }
                if (run.winding()) { // it could have been tried again, but the run is over
                    endWithoutRetry(stats, op, failure, doubt);
                    return;
                }
                retries++;
                stats.retried();
                if (failure.kind() == Kind.RETRYABLE) {
                    // past --duration the operation in flight has the stop's grace to finish: no backoff then,
                    // which would only carry it past the grace and make a retry that would succeed an error
                    long backoff = Math.min(MAX_BACKOFF_MILLIS, 50L << Math.min(retries - 1, 10));
                    long untilDeadline = (run.deadlineNanos - clock.nanoTime()) / 1_000_000L;
                    run.pause(Math.max(0, Math.min(backoff, untilDeadline)));
                    if (run.winding()) {
                        endWithoutRetry(stats, op, failure, doubt);
                        return;
                    }
                }
            }
            long id = attempt.begin();
            try {
                OpResult r = op.execute();
                attempt.end();
                complete(stats, op, accounted(op, r), intended);
                return;
            } catch (TargetException e) {
                attempt.end();
                failure = attempt.failure(id, e);
                if (attempt.cancelledForEnd(id) && run.ending() && op.timeoutIsFailure()) {
                    // cancelled because the run was over (its grace passed, or a stop): the end cut it, not the target
                    stats.timedOut();
                    cut(stats, op, doubt || failure.fate() == Fate.UNKNOWN);
                    mustReconnect = true; // the cancel may have closed the connection
                    return;
                }
            } catch (UsageException e) {
                attempt.end();
                run.abortUsage(e);
                fail(stats, op, new TargetException(Kind.FATAL, null, e.getMessage(), e), doubt);
                return;
            } catch (RuntimeException | Error e) { // settled as failed, so its rows stay accounted for
                attempt.end();
                TargetException te = internal(op.type(), e);
                fail(stats, op, te, doubt || attempt.cancelled(id));
                run.abort(te);
                return;
            }
            lastUnknown = failure.fate() == Fate.UNKNOWN;
            if (failure.kind() == Kind.TIMEOUT) {
                stats.timedOut();
                if (!op.timeoutIsFailure()) { // a query too slow: measured as such, the run goes on
                    if (settle()) {
                        stats.cutOff(clock.nanoTime() - from(op, intended));
                    }
                    mustReconnect = true; // the cancel may have closed the connection; a sound one is kept
                    return;
                }
            }
            if (failure instanceof PartialWriteException p) {
                mustReconnect = p.connectionLost();
                if (settle()) {
                    long failedRows = Math.max(0, op.rows() - p.rowsWritten() - p.rowsSkipped() - p.rowsUnknown());
                    stats.failed(p, p.rowsWritten(), p.rowsSkipped(), failedRows, p.rowsUnknown());
                }
                afterFailure(p);
                return;
            }
            if (failure.kind() == Kind.AUTHENTICATION) {
                fail(stats, op, failure, doubt || lastUnknown);
                run.abort(failure);
                return;
            }
            mustReconnect = failure.connectionLost();
        }
    }

    /**
     * Re-opens the connection and, when the last attempt's fate is unknown, asks the target what became of it;
     * a connection lost again while asking is re-opened and the question asked again. Null when the
     * connection could not be re-opened; NOT_APPLIED when there was nothing to ask.
     */
    private Resolution reconnectAndResolve(Operation op, TypeStats stats, TargetException cause, boolean unknown) {
        for (int asked = 0; ; asked++) {
            if (!reconnect(stats, cause)) {
                return null;
            }
            if (!unknown) {
                return Resolution.NOT_APPLIED;
            }
            try {
                Resolution r = op.resolve();
                if (r != null && r.fate() != Fate.UNKNOWN) {
                    stats.settled();
                }
                return r == null ? Resolution.UNKNOWN : r;
            } catch (TargetException e) {
                if (!e.connectionLost() || asked >= run.options.maxRetries()) {
                    return Resolution.UNKNOWN; // could not ask: the rows stay in doubt
                }
                cause = e;
            } catch (RuntimeException e) {
                return Resolution.UNKNOWN;
            }
        }
    }

    /**
     * Re-opens the session's connection with backoff until it works, the run ends, or the reconnect budget
     * is spent (then the run aborts as unreachable, exit code 3). A target still refusing connections when
     * the run reaches its end aborts it the same way: the operations in flight failed, the end did not cut them.
     */
    private boolean reconnect(TypeStats stats, TargetException cause) {
        long start = clock.nanoTime();
        long budget = run.options.reconnectTimeout().toNanos();
        long backoff = 100;
        TargetException last = cause;
        boolean refused = false; // an attempt to re-open failed: the target is away, not merely slow
        group.reconnecting.incrementAndGet();
        try {
            while (!run.winding()) {
                try {
                    if (session.reconnect()) {
                        stats.reconnected();
                    }
                    return true;
                } catch (TargetException e) {
                    last = e;
                    refused = true;
                    if (e.kind() == Kind.AUTHENTICATION) {
                        run.abort(e);
                        return false;
                    }
                } catch (RuntimeException e) {
                    run.abort(internal("reconnecting", e));
                    return false;
                }
                if (clock.nanoTime() - start >= budget) {
                    run.abort(new TargetException(Kind.UNREACHABLE, last == null ? null : last.vendorCode(),
                            "lost the connection and could not re-open it within --reconnect-timeout "
                                    + seconds(budget) + ": " + (last == null ? "no answer" : last.getMessage()), last));
                    return false;
                }
                run.pause(backoff);
                backoff = Math.min(backoff * 2, MAX_BACKOFF_MILLIS);
            }
            if (refused && !run.stop.isRequested()) {
                run.abort(new TargetException(Kind.UNREACHABLE, last.vendorCode(),
                        "lost the connection and could not re-open it before the run ended (tried for "
                                + seconds(clock.nanoTime() - start) + "): " + last.getMessage(), last));
            }
            return false;
        } finally {
            group.reconnecting.decrementAndGet();
        }
    }

    /**
     * Rows the target took without storing them or saying why (a trigger that drops them, a rule) count as
     * skipped, so every row sent is accounted for and the summary shows them.
     */
    private static OpResult accounted(Operation op, OpResult r) {
        long missing = op.rows() - r.rows() - r.skippedRows();
        return missing <= 0 ? r : new OpResult(r.outcome(), r.rows(), r.skippedRows() + missing, r.points(), r.bytes(),
                r.returnedRows());
    }

    private void complete(TypeStats stats, Operation op, OpResult r, long intended) {
        if (settle()) {
            stats.completed(r, clock.nanoTime() - from(op, intended));
        }
    }

    /** Where {@code op}'s latency runs from: its own start when it began before the engine got it, else {@code intended}. */
    private static long from(Operation op, long intended) {
        long own = op.measuredFromNanos();
        return own != 0 ? own : intended;
    }

    /**
     * An operation the end of the run cut off: not an error (the end cut it, not the target); its rows count as
     * unknown when {@code doubt}, as failed otherwise.
     */
    private void cut(TypeStats stats, Operation op, boolean doubt) {
        if (settle()) {
            stats.endedByRunEnd(doubt ? 0 : op.rows(), doubt ? op.rows() : 0);
        }
    }

    /** A failure that could have been retried, when the run is already winding down: cut off, or failed in an abort. */
    private void endWithoutRetry(TypeStats stats, Operation op, TargetException failure, boolean doubt) {
        if (run.ending()) {
            cut(stats, op, doubt);
        } else {
            fail(stats, op, failure, doubt);
        }
    }

    /** The operation failed for good: its rows count as unknown when {@code doubt}, as failed otherwise. */
    private void fail(TypeStats stats, Operation op, TargetException failure, boolean unknown) {
        if (settle()) {
            stats.failed(failure, 0, 0, unknown ? 0 : op.rows(), unknown ? op.rows() : 0);
        }
        afterFailure(failure);
    }

    /** Past --max-errors the run aborts; not for what the end of the run itself cancelled. */
    private void afterFailure(TargetException failure) {
        long errors = run.measurements.errors();
        if (errors > run.options.maxErrors() && !run.winding()) {
            // a conflict that outlasted its retries (serialization failure, deadlock) says what would let it through
            String hint = failure.kind() == Kind.RETRYABLE ? " after " + run.options.maxRetries()
                    + " retries; under contention raise --max-retries, or --max-errors to go on past such failures" : "";
            run.abort(new TargetException(failure.kind() == Kind.AUTHENTICATION ? Kind.AUTHENTICATION : Kind.FATAL,
                    failure.vendorCode(), failure.getMessage() + hint + (run.options.maxErrors() > 0
                    ? " (" + errors + " failed operations, more than --max-errors " + run.options.maxErrors() + ")" : ""),
                    failure));
        }
    }

    private boolean settle() {
        return settled.compareAndSet(false, true);
    }

    /**
     * The engine gives up on a worker that did not return after being cancelled: its operation's rows count
     * as unknown (it may still complete). False when the worker settled it meanwhile.
     */
    boolean abandon(String why) {
        Operation op = current;
        TypeStats stats = currentStats;
        if (op == null || stats == null || !settle()) {
            return false;
        }
        stats.timedOut();
        stats.failed(new TargetException(Kind.TIMEOUT, Fate.UNKNOWN, null, why, null), 0, 0, 0, op.rows());
        return true;
    }

    static TargetException internal(String where, Throwable e) {
        return new TargetException(Kind.FATAL, null, "internal error in " + where + ": " + e, e);
    }

    static String seconds(long nanos) {
        double s = nanos / 1e9;
        return s == Math.rint(s) ? (long) s + " s" : String.format(java.util.Locale.ROOT, "%.1f s", s);
    }
}
