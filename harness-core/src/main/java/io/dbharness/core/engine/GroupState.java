package io.dbharness.core.engine;

import io.dbharness.core.api.LoadModel;
import io.dbharness.core.api.WorkerGroup;
import io.dbharness.core.result.Pacing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** One group of workers while it runs: its workers and how it keeps to its schedule. */
final class GroupState {

    final WorkerGroup spec;
    final List<Worker> workers = new ArrayList<>();
    final AtomicInteger reconnecting = new AtomicInteger();
    private final AtomicLong maxLagNanos = new AtomicLong();
    private final AtomicLong finalLagNanos = new AtomicLong(Long.MIN_VALUE);
    volatile boolean deadlineHit;
    private final AtomicInteger finished = new AtomicInteger();
    private final AtomicLong lastFinishNanos = new AtomicLong(Long.MIN_VALUE);

    GroupState(WorkerGroup spec) {
        this.spec = spec;
    }

    String name() {
        return spec.name();
    }

    /** An operation started {@code lagNanos} after its intended start. */
    void lag(long lagNanos) {
        maxLagNanos.accumulateAndGet(lagNanos, Math::max);
    }

    /** A worker's last operation finished {@code lagNanos} after its intended start. */
    void finalLag(long lagNanos) {
        finalLagNanos.accumulateAndGet(lagNanos, Math::max);
    }

    /** A worker of this group has done its share (or stopped), at {@code nanos}. */
    void workerFinished(long nanos) {
        lastFinishNanos.accumulateAndGet(nanos, Math::max);
        finished.incrementAndGet();
    }

    /** Whether every worker of the group has done its share (an ingest done while the queries go on). */
    boolean done() {
        return finished.get() >= workers.size();
    }

    /**
     * Seconds the group was at work: until its last worker finished when all of them finished before the
     * run's end (an ingest that is done while queries go on), else the run's.
     */
    double activeSeconds(long startNanos, double runSeconds) {
        if (finished.get() < workers.size()) {
            return runSeconds;
        }
        return Math.min(runSeconds, Math.max(0, (lastFinishNanos.get() - startNanos) / 1e9));
    }

    /** How far the group is behind its schedule now, in seconds: 0 when on time or in the closed model. */
    double behindSeconds(long now) {
        long most = 0;
        for (Worker w : workers) {
            long d = w.due;
            if (d != Long.MAX_VALUE) {
                most = Math.max(most, now - d);
            }
        }
        return most / 1e9;
    }

    /**
     * Null in the closed model. The largest lag is never below the final one: a stall at the end counts too. The
     * group kept up when it finished within a second of its schedule, and within 5% of its time at work (50 ms at
     * least, for the last operation's own latency): a run of a quarter second that ends 0.1 s late reached 70% of
     * the rate, not the rate.
     */
    Pacing pacing(double activeSeconds) {
        if (!(spec.load() instanceof LoadModel.Open open)) {
            return null;
        }
        double finalLag = Math.max(0, finalLagNanos.get() / 1e9);
        double maxLag = Math.max(finalLag, maxLagNanos.get() / 1e9);
        double tolerance = Math.min(1.0, Math.max(0.05, 0.05 * activeSeconds));
        return new Pacing(open.perSecond(), open.unit(), finalLag <= tolerance, finalLag, maxLag);
    }

    static String describe(LoadModel load) {
        return load instanceof LoadModel.Open o ? "open " + Math.round(o.perSecond()) + " " + o.unit() : "closed";
    }
}
