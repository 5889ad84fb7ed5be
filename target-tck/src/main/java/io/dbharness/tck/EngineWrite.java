package io.dbharness.tck;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.LoadModel;
import io.dbharness.core.api.OpResult;
import io.dbharness.core.api.Operation;
import io.dbharness.core.api.Resolution;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.Counts;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.Verification;
import io.dbharness.core.api.WorkerGroup;
import io.dbharness.core.api.WorkerSession;
import io.dbharness.core.api.Workload;
import io.dbharness.core.api.WriteResult;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.engine.Engine;
import io.dbharness.core.engine.StopSignal;
import io.dbharness.core.result.ProgressListener;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One batch written by the engine itself: a run of one worker and one operation through {@link Engine}, so its
 * {@code Worker} and {@code Attempt} decide, as in every run, what a failure means (retry, reconnect, ask what
 * became of an attempt of unknown fate, send again, or count the rows as unknown or failed). The contract checks
 * what the target did along the way ({@link Trace}) and what the engine counted; it never restates the protocol.
 *
 * <p>An attempt the clause made itself (to time a stall or a cancel) is handed over as the operation's first one:
 * the engine then settles it as it would have settled its own.
 */
final class EngineWrite {

    /** A check the clause makes after each reconnect, before anything is sent again. */
    @FunctionalInterface
    interface AfterReconnect {
        void check() throws Exception;
    }

    /**
     * What the target did during the run, in order, and what the engine counted.
     *
     * @param failures    every failure of an attempt, of a reconnect or of a question about a lost write
     * @param reconnects  each reconnect() that returned: what it said and the failure it followed
     * @param resolutions what each resolveLastWrite() said (null when it returned null)
     * @param broken      what the clause's checks and the run found wrong (an AssertionError, an internal error)
     */
    record Trace(Counts totals, TargetException runFailure, List<TargetException> failures, List<Reconnect> reconnects,
                 List<Resolution> resolutions, List<Throwable> broken) {
    }

    /** A reconnect() that returned {@code opened} (whether it opened a new connection), after {@code failure}. */
    record Reconnect(TargetException failure, boolean opened) {
    }

    private EngineWrite() {
    }

    /**
     * Runs the write of {@code b} with {@code w} through the engine, with {@code options} (the clause's, such as
     * --op-timeout; server telemetry off: nothing but the write). {@code first}, when not null, is the outcome of a
     * first attempt the clause made itself.
     */
    static Trace run(TargetAdapter target, BatchWriter w, RowBatch b, Map<String, String> options,
                     TargetException first, AfterReconnect afterReconnect) throws TargetException {
        Map<String, String> o = new HashMap<>(options);
        o.put("server-telemetry", "off");
        o.keySet().retainAll(RunOptions.OPTIONS.stream().map(d -> d.name()).toList());
        RunOptions runOptions = RunOptions.from(Settings.resolve(RunOptions.OPTIONS, o, Map.of()));
        OneWrite workload = new OneWrite(w, b, first, afterReconnect);
        List<WorkerGroup> groups = workload.groups(runOptions.loadModel());
        Engine.Outcome out = new Engine(workload, target, groups, runOptions, ProgressListener.NONE, new StopSignal()).run();
        List<Throwable> broken = new ArrayList<>(workload.broken);
        if (out.usageFailure() != null) {
            broken.add(out.usageFailure());
        }
        return new Trace(out.measurements().totals(), out.failure(), List.copyOf(workload.failures),
                List.copyOf(workload.reconnects), Collections.unmodifiableList(new ArrayList<>(workload.resolutions)),
                broken);
    }

    /** A workload of one worker whose session hands out one operation: the write. */
    private static final class OneWrite implements Workload, WorkerSession, Operation {
        private final BatchWriter w;
        private final RowBatch b;
        private TargetException first;
        private final AfterReconnect afterReconnect;
        private boolean handedOut;
        final List<TargetException> failures = Collections.synchronizedList(new ArrayList<>());
        final List<Reconnect> reconnects = Collections.synchronizedList(new ArrayList<>());
        final List<Resolution> resolutions = Collections.synchronizedList(new ArrayList<>());
        final List<Throwable> broken = Collections.synchronizedList(new ArrayList<>());

        OneWrite(BatchWriter w, RowBatch b, TargetException first, AfterReconnect afterReconnect) {
            this.w = w;
            this.b = b;
            this.first = first;
            this.afterReconnect = afterReconnect;
        }

        // ---- the workload ----

        @Override
        public String id() {
            return "contract-write";
        }

        @Override
        public void prepare(TargetAdapter target) {
        }

        @Override
        public List<WorkerGroup> groups(LoadModel requested) {
            return List.of(WorkerGroup.of("contract", new LoadModel.Closed(1)).withPlannedOperations(1));
        }

        @Override
        public WorkerSession openWorker(TargetAdapter target, WorkerGroup group, int worker) {
            return this;
        }

        @Override
        public Verification verify(TargetAdapter target, Counts totals) {
            return Verification.skipped("the contract counts the table itself");
        }

        @Override
        public Map<String, String> describe() {
            return Map.of();
        }

        // ---- the session ----

        @Override
        public Operation next() {
            if (handedOut) {
                return null;
            }
            handedOut = true;
            return this;
        }

        @Override
        public boolean reconnect() throws TargetException {
            boolean opened;
            try {
                opened = w.reconnect();
            } catch (TargetException e) {
                failures.add(e);
                throw e;
            }
            reconnects.add(new Reconnect(failures.isEmpty() ? null : failures.get(failures.size() - 1), opened));
            if (afterReconnect != null) {
                try {
                    afterReconnect.check();
                } catch (Exception | AssertionError e) { // kept for the clause: the engine would take it for a bug
                    broken.add(e);
                }
            }
            return opened;
        }

        @Override
        public void cancel() {
            w.cancel();
        }

        @Override
        public void close() {
            // the clause's writer: the clause closes it
        }

        // ---- the operation ----

        @Override
        public String type() {
            return "insert";
        }

        @Override
        public long rows() {
            return b.size();
        }

        @Override
        public OpResult execute() throws TargetException {
            try {
                if (first != null) { // the clause's own attempt, as the engine would have met it
                    TargetException e = first;
                    first = null;
                    throw e;
                }
                WriteResult r = w.write(b);
                return OpResult.written(r.rowsWritten(), r.rowsSkipped(), b.points(), r.bytes());
            } catch (TargetException e) {
                failures.add(e);
                throw e;
            }
        }

        @Override
        public boolean idempotent() {
            return w.idempotent();
        }

        @Override
        public Resolution resolve() throws TargetException {
            try {
                Resolution r = w.resolveLastWrite();
                resolutions.add(r);
                return r;
            } catch (TargetException e) {
                failures.add(e);
                throw e;
            }
        }
    }
}
