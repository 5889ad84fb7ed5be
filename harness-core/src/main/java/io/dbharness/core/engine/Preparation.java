package io.dbharness.core.engine;

import io.dbharness.core.api.PrepareContext;
import io.dbharness.core.api.Counts;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.WorkerGroup;
import io.dbharness.core.api.Workload;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.ProgressListener;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The harness's side of a workload's preparation: status lines on the progress listener, steps redone after a
 * lost connection within {@code --reconnect-timeout}, and loads run by the engine's own workers, so a
 * preparation survives the faults the measured run survives.
 */
final class Preparation implements PrepareContext {

    private static final long MAX_BACKOFF_MILLIS = 5_000;

    private final TargetAdapter target;
    private final RunOptions options;
    private final ProgressListener progress;
    private final StopSignal stop;

    Preparation(TargetAdapter target, RunOptions options, ProgressListener progress, StopSignal stop) {
        this.target = target;
        this.options = options;
        this.progress = progress;
        this.stop = stop;
    }

    @Override
    public void status(String line) {
        progress.onPhase(line);
    }

    @Override
    public boolean stopRequested() {
        return stop.isRequested();
    }

    @Override
    public void retrying(String what, Step step) throws TargetException {
        long firstLoss = 0;
        long backoffMillis = 100;
        while (true) {
            try {
                step.run();
                return;
            } catch (TargetException e) {
                if (e.kind() != TargetException.Kind.UNREACHABLE || stop.isRequested()) {
                    throw e;
                }
                long now = System.nanoTime();
                firstLoss = firstLoss == 0 ? now : firstLoss;
                if (now - firstLoss >= options.reconnectTimeout().toNanos()) {
                    throw new TargetException(TargetException.Kind.UNREACHABLE, e.vendorCode(), what + ": "
                            + e.getMessage() + "; the connection did not come back within --reconnect-timeout "
                            + Worker.seconds(options.reconnectTimeout().toNanos()), e);
                }
                status(what + ": lost the connection (" + e.getMessage() + "); trying again");
                try {
                    if (stop.await(backoffMillis * 1_000_000L)) {
                        throw e;
                    }
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
                backoffMillis = Math.min(backoffMillis * 2, MAX_BACKOFF_MILLIS);
            }
        }
    }

    /**
     * An engine run of {@code writer}'s groups without a deadline, retrying and reconnecting as the measured run
     * does, ended by the first operation that fails for good (a load with a hole in it is no base for queries).
     */
    @Override
    public Loaded load(String what, Workload writer, List<WorkerGroup> groups) throws TargetException {
        RunOptions loadOptions = new RunOptions(options.workers(), Optional.empty(), 0, options.watchInterval(),
                options.watch(), false, options.maxRetries(), 0, options.seed(), options.opTimeout(),
                options.reconnectTimeout(), options.label(), false); // the load is not the run: no telemetry
        progress.onStage(ProgressListener.Stage.LOAD, null);
        long planned = groups.stream().mapToLong(g -> g.plannedRows().orElse(0)).sum();
        ProgressListener lines = new ProgressListener() {
            @Override
            public void onInterval(IntervalSample sample, Progress p) {
                status(line(what, p, planned));
            }
        };
        long begun = System.nanoTime();
        Engine.Outcome out = new Engine(writer, target, groups, loadOptions, lines, stop).run();
        double seconds = (System.nanoTime() - begun) / 1e9;
        if (out.usageFailure() instanceof UsageException u) {
            throw u;
        }
        if (out.usageFailure() != null) {
            throw out.usageFailure();
        }
        Counts t = out.measurements().totals();
        TargetException failure = out.failure();
        if (failure == null && stop.isRequested()) {
            failure = new TargetException(TargetException.Kind.FATAL, "stopped (" + stop.requested().reason() + ")");
        } else if (failure == null && out.abandoned() > 0) {
            failure = new TargetException(TargetException.Kind.TIMEOUT, out.abandoned()
                    + " workers did not return after they were cancelled");
        } else if (failure == null && (t.errors() > 0 || t.failedRows() > 0)) { // never with --max-errors 0; a guard
            failure = new TargetException(TargetException.Kind.FATAL, String.format(Locale.ROOT,
                    "%,d writes failed", t.errors()));
        }
        return new Loaded(t, seconds, failure);
    }

    /** {@code loading (--load): 1,200,000 of 3,000,000 rows (40%), 402,222 rows/s, ETA 4 s}. */
    private static String line(String what, ProgressListener.Progress p, long planned) {
        long rows = 0;
        int reconnecting = 0;
        for (ProgressListener.GroupProgress g : p.groups()) {
            rows += g.counts().rows();
            reconnecting += g.reconnecting();
        }
        double perSecond = rows / Math.max(1e-9, p.elapsedSeconds());
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%s: %,d", what, rows));
        if (planned > 0) {
            b.append(String.format(Locale.ROOT, " of %,d rows (%.0f%%)", planned, Math.min(100, 100.0 * rows / planned)));
        } else {
            b.append(" rows");
        }
        b.append(String.format(Locale.ROOT, ", %,.0f rows/s", perSecond));
        if (planned > 0 && perSecond > 0) {
            b.append(String.format(Locale.ROOT, ", ETA %.0f s", Math.max(0, planned - rows) / perSecond));
        }
        if (reconnecting > 0) {
            b.append(", reconnecting (").append(reconnecting).append(reconnecting == 1 ? " worker)" : " workers)");
        }
        return b.toString();
    }
}
