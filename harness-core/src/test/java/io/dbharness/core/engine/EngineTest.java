package io.dbharness.core.engine;

import io.dbharness.core.api.Capability;
import io.dbharness.core.api.Fate;
import io.dbharness.core.api.LoadModel;
import io.dbharness.core.api.OpResult;
import io.dbharness.core.api.Operation;
import io.dbharness.core.api.PartialWriteException;
import io.dbharness.core.api.Resolution;
import io.dbharness.core.api.Counts;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetException.Kind;
import io.dbharness.core.api.TargetInfo;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.Verification;
import io.dbharness.core.api.WorkerGroup;
import io.dbharness.core.api.WorkerSession;
import io.dbharness.core.api.Workload;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.ProgressListener;
import io.dbharness.core.result.StopReason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine's own rules (retries, reconnects, fates, error budget, pacing, groups, deadlines, timeouts,
 * stop) with scripted workloads: these are properties of the engine, not of a database, so no database
 * takes part here. The faults against real servers are in the adapters' fault tests.
 *
 * <p>Pacing, warm-up, deadlines and backoffs run on a {@link TestClock} ({@link #testClock}): their times are
 * asserted exactly, on any machine. A stall that only the engine's cancel ends ({@link Ctx#blockUntilCancelled})
 * blocks outside the clock, which would hold a TestClock still: those tests run on the system clock, bounded by a
 * quarter of what they tell apart ({@link #notTheOpTimeout}).
 */
@Timeout(60) // a few seconds each; a clock that never moved would otherwise hang until the build's default
class EngineTest {

    /** Shorter waits than the defaults, so stop and abandon paths run in a test's time. */
    private static final Engine.Timing FAST = new Engine.Timing(Duration.ofMillis(300), Duration.ofMillis(200),
            Duration.ofMillis(200), Duration.ofMillis(700));

    /** --op-timeout as the tests that tell the deadline or the grace from it set it (the default). */
    private static final String OP_TIMEOUT = RunOptions.DEFAULT_OP_TIMEOUT;

    /**
     * Ended by the deadline, the grace or the abandon (FAST: a second at most), not by the op-timeout (a minute):
     * a quarter of the op-timeout is over ten times the one, so a loaded machine passes, and a wait for the other
     * still fails.
     */
    private static double notTheOpTimeout(RunOptions o) {
        return o.opTimeout().toMillis() / 4e3;
    }

    /** What operation {@code n} (0-based, per worker) does on attempt {@code attempt}. */
    interface Script {
        OpResult run(Ctx ctx) throws TargetException;
    }

    /** One attempt's view for a script, and the session's hooks it can see. */
    static final class Ctx {
        final String group;
        final int worker;
        final int n;
        final int attempt;
        final ScriptedSession session;

        Ctx(String group, int worker, int n, int attempt, ScriptedSession session) {
            this.group = group;
            this.worker = worker;
            this.n = n;
            this.attempt = attempt;
            this.session = session;
        }

        /** Blocks until the session is cancelled (the way a driver call returns when its statement is cancelled). */
        void blockUntilCancelled(Kind kind, Fate fate) throws TargetException {
            try {
                session.cancelled.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new TargetException(kind, fate, "57014", "canceling statement", null);
        }
    }

    private static final class ScriptedSession implements WorkerSession {
        final AtomicInteger next = new AtomicInteger();
        final AtomicInteger reconnects = new AtomicInteger();
        volatile CountDownLatch cancelled = new CountDownLatch(1);
        final int ops;
        final long rows;
        final String type;
        final String group;
        final int worker;
        final Script script;
        final Function<Integer, Boolean> reconnect;
        final Fate resolution;
        final boolean idempotent;
        final long pauseMillis;
        final long beganMillisBefore;
        final EngineClock clock;

        ScriptedSession(Spec spec, String group, int worker, EngineClock clock) {
            this.clock = clock;
            this.pauseMillis = spec.pauseMillis;
            this.beganMillisBefore = spec.beganMillisBefore;
            this.ops = spec.ops;
            this.rows = spec.rows;
            this.type = spec.type;
            this.group = group;
            this.worker = worker;
            this.script = spec.script;
            this.reconnect = spec.reconnect;
            this.resolution = spec.resolution;
            this.idempotent = spec.idempotent;
        }

        @Override
        public Operation next() {
            int n = next.getAndIncrement();
            if (n >= ops) {
                return null;
            }
            AtomicInteger attempts = new AtomicInteger();
            long notBefore = pauseMillis == 0 ? 0 : clock.nanoTime() + pauseMillis * 1_000_000L;
            long began = beganMillisBefore == 0 ? 0 : clock.nanoTime() - beganMillisBefore * 1_000_000L;
            String t = type.contains(",") ? type.split(",")[n % type.split(",").length] : type;
            return new Operation() {
                @Override
                public String type() {
                    return t;
                }

                @Override
                public long rows() {
                    return rows;
                }

                @Override
                public OpResult execute() throws TargetException {
                    OpResult r = script.run(new Ctx(group, worker, n, attempts.getAndIncrement(), ScriptedSession.this));
                    return r != null ? r : OpResult.written(rows, 0, rows * 2, rows * 10);
                }

                @Override
                public boolean idempotent() {
                    return idempotent;
                }

                @Override
                public long notBeforeNanos() {
                    return notBefore;
                }

                @Override
                public long measuredFromNanos() {
                    return began;
                }

                @Override
                public Resolution resolve() {
                    return resolution == Fate.APPLIED ? Resolution.applied(OpResult.written(rows, 0, rows * 2, rows * 10))
                            : resolution == Fate.NOT_APPLIED ? Resolution.NOT_APPLIED : Resolution.UNKNOWN;
                }
            };
        }

        @Override
        public boolean reconnect() throws TargetException {
            int k = reconnects.incrementAndGet();
            cancelled = new CountDownLatch(1);
            if (!reconnect.apply(k)) {
                throw new TargetException(Kind.UNREACHABLE, "08001", "connection refused", null);
            }
            return true;
        }

        @Override
        public void cancel() {
            cancelled.countDown();
        }

        @Override
        public void close() {
        }
    }

    /** A scripted group: its load, how many operations each worker runs and what they do. */
    static final class Spec {
        String name = "main";
        LoadModel load = new LoadModel.Closed(1);
        int ops = 10;
        long rows = 10;
        String type = "op";
        Script script = c -> null;
        Function<Integer, Boolean> reconnect = k -> true;
        Fate resolution = Fate.UNKNOWN;
        boolean idempotent;
        /** Each operation may start only this long after the previous one was handed out (a think time). */
        long pauseMillis;
        /** Each operation's latency runs from this long before it was handed out (a freshness sample's write); 0: none. */
        long beganMillisBefore;

        Spec with(java.util.function.Consumer<Spec> c) {
            c.accept(this);
            return this;
        }
    }

    private static final TargetAdapter NO_TARGET = new TargetAdapter() {
        @Override
        public TargetInfo describe() {
            return new TargetInfo("none", "0", "", Map.of());
        }

        @Override
        public <C extends Capability> Optional<C> capability(Class<C> type) {
            return Optional.empty();
        }

        @Override
        public void close() {
        }
    };

    private static class ScriptedWorkload implements Workload {
        final List<Spec> specs;
        final List<ScriptedSession> sessions = new ArrayList<>();
        Duration warmup = Duration.ZERO;
        /** The run's clock, which a think time counts on. */
        EngineClock clock = EngineClock.SYSTEM;

        @Override
        public Duration warmup() {
            return warmup;
        }

        /** Operations completed per second, as a headline figure. */
        @Override
        public Map<String, Double> figures(Map<String, Long> completedByType, double seconds) {
            return Map.of("opsPerSecond", completedByType.values().stream().mapToLong(Long::longValue).sum() / seconds);
        }

        ScriptedWorkload(Spec... specs) {
            this.specs = List.of(specs);
        }

        @Override
        public String id() {
            return "scripted";
        }

        @Override
        public void prepare(TargetAdapter target) {
        }

        @Override
        public List<WorkerGroup> groups(LoadModel requested) {
            return specs.stream().map(s -> WorkerGroup.of(s.name, s.load).withPlannedOperations((long) s.ops * s.load.workers()))
                    .toList();
        }

        @Override
        public synchronized WorkerSession openWorker(TargetAdapter target, WorkerGroup group, int worker) {
            Spec spec = specs.stream().filter(s -> s.name.equals(group.name())).findFirst().orElseThrow();
            ScriptedSession s = new ScriptedSession(spec, group.name(), worker, clock);
            sessions.add(s);
            return s;
        }

        @Override
        public Verification verify(TargetAdapter target, Counts totals) {
            return Verification.skipped("scripted");
        }

        @Override
        public Map<String, String> describe() {
            return Map.of();
        }
    }

    private static RunOptions options(String... pairs) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return RunOptions.from(Settings.resolve(RunOptions.OPTIONS, m, Map.of()));
    }

    private static Engine.Outcome run(ScriptedWorkload w, RunOptions o) throws TargetException {
        return run(w, o, new StopSignal(), ProgressListener.NONE);
    }

    private static Engine.Outcome run(ScriptedWorkload w, RunOptions o, StopSignal stop, ProgressListener listener)
            throws TargetException {
        return new Engine(w, NO_TARGET, w.groups(o.loadModel()), o, listener, stop, FAST, w.clock).run();
    }

    /**
     * A clock for {@code w}'s run whose time moves only when all its threads wait ({@link TestClock}): what pacing,
     * warm-up and deadlines do comes out exact, however loaded the machine.
     */
    private static TestClock testClock(ScriptedWorkload w) {
        TestClock clock = new TestClock(w.specs.stream().mapToInt(s -> s.load.workers()).sum() + 1);
        w.clock = clock;
        return clock;
    }

    /** {@code w}, to run on a {@link #testClock}: its backoffs and deadline take no time. */
    private static ScriptedWorkload onATestClock(ScriptedWorkload w) {
        testClock(w);
        return w;
    }

    /** Exact but for the rounding of a schedule's double arithmetic to whole nanoseconds. */
    private static final double NANOS = 1e-8;

    private static Spec spec() {
        return new Spec();
    }

    @Test
    void countsEveryRowPointAndByteOfEveryWorker() throws Exception {
        Engine.Outcome out = run(new ScriptedWorkload(spec().with(s -> {
            s.load = new LoadModel.Closed(3);
            s.ops = 50;
            s.rows = 100;
        })), options());
        Counts t = out.measurements().totals();
        assertEquals(150, t.operations());
        assertEquals(15_000, t.rows());
        assertEquals(30_000, t.points());
        assertEquals(150_000, t.bytes());
        assertEquals(StopReason.COMPLETED, out.stopReason());
        assertEquals(150, out.measurements().operationStats().get(0).counts().completed());
        assertNull(out.pacing().get("main"));
    }

    @Test
    void manyOperationTypesEachWithItsOwnHistogramAndIntervals() throws Exception {
        // three types interleaved, 60 operations of 7 ms per worker sampled every 100 ms while running (0.42 s):
        // the sampler must keep them apart
        ScriptedWorkload w = new ScriptedWorkload(spec().with(s -> {
            s.load = new LoadModel.Closed(2);
            s.ops = 60;
            s.type = "new-order,payment,delivery";
        }));
        TestClock clock = testClock(w);
        w.specs.get(0).script = c -> {
            clock.sleep(Duration.ofMillis(7));
            if (c.n % 10 == 9 && c.n % 3 == 0) {
                return OpResult.rolledBack();
            }
            return OpResult.ok();
        };
        Engine.Outcome out = run(w, options("watch-interval", "100ms"));
        List<OperationStats> ops = out.measurements().operationStats();
        assertEquals(List.of("delivery", "new-order", "payment"), ops.stream().map(OperationStats::type).toList());
        assertEquals(120, ops.stream().mapToLong(o -> o.counts().completed()).sum());
        OperationStats newOrder = ops.get(1);
        assertEquals(40, newOrder.counts().completed());
        assertTrue(newOrder.counts().rolledBack() > 0, "the expected rollbacks are counted apart");
        assertEquals(0, out.measurements().totals().errors(), "and never as errors");
        assertEquals(newOrder.counts().rolledBack(), out.measurements().totals().rolledBack());
        assertEquals(5, out.intervals().size(), "sampled while running, at 0.1 ... 0.4 s and at the end");
        long perTypeInIntervals = out.intervals().stream().flatMap(i -> i.groups().stream())
                .flatMap(g -> g.types().stream()).filter(t -> t.type().equals("payment"))
                .mapToLong(t -> t.counts().operations()).sum();
        assertEquals(40, perTypeInIntervals, "intervals add up to the whole run per type");
        for (OperationStats o : ops) { // every counter, not only the operations
            io.dbharness.core.api.Counts inIntervals = out.intervals().stream().flatMap(i -> i.groups().stream())
                    .flatMap(g -> g.types().stream()).filter(t -> t.type().equals(o.type()))
                    .map(IntervalSample.TypeInterval::counts).reduce(io.dbharness.core.api.Counts.ZERO,
                            io.dbharness.core.api.Counts::plus);
            assertEquals(o.counts(), inIntervals, o.type());
        }
        assertEquals(out.measurements().totals(), out.intervals().stream().flatMap(i -> i.groups().stream())
                .map(g -> g.totals().counts()).reduce(io.dbharness.core.api.Counts.ZERO, io.dbharness.core.api.Counts::plus),
                "the groups' intervals add up to the run's counts");
        assertTrue(out.intervals().get(0).groups().get(0).types().stream().allMatch(t -> !t.histogram().isEmpty()),
                "every interval keeps a mergeable histogram per type");
    }

    /**
     * An operation that began before the engine got it (a freshness sample, from its write's acknowledgement) is
     * measured from then: 50 ms before it was handed out, 7 ms of its own.
     */
    @Test
    void anOperationThatBeganEarlierIsMeasuredFromThen() throws Exception {
        ScriptedWorkload w = new ScriptedWorkload(spec().with(s -> {
            s.ops = 20;
            s.rows = 0;
            s.type = "freshness";
            s.beganMillisBefore = 50;
        }));
        TestClock clock = testClock(w);
        w.specs.get(0).script = c -> {
            clock.sleep(Duration.ofMillis(7));
            return OpResult.ok();
        };
        OperationStats f = run(w, options()).measurements().operationStats().get(0);
        assertEquals(20, f.counts().completed());
        assertEquals(57.0, f.p50Millis(), 0.1);
        assertEquals(57.0, f.maxMillis(), 0.1);
    }

    @Test
    void groupsHaveTheirOwnLoadModelStatisticsAndPacing() throws Exception {
        // ingest: closed, 1 worker; queries: open at 100 ops/s over 2 workers, no rows, paced by operations
        ScriptedWorkload w = new ScriptedWorkload(
                spec().with(s -> {
                    s.name = "insert";
                    s.ops = 20;
                    s.rows = 50;
                    s.type = "insert";
                }),
                spec().with(s -> {
                    s.name = "query";
                    s.load = new LoadModel.Open(2, 100, LoadModel.Open.Pace.OPERATIONS);
                    s.ops = 25;
                    s.rows = 0;
                    s.type = "lastpoint";
                    s.script = c -> OpResult.ok();
                }));
        testClock(w);
        Engine.Outcome out = run(w, options());
        assertEquals(1000, out.measurements().totals("insert").rows());
        assertEquals(20, out.measurements().totals("insert").operations());
        assertEquals(0, out.measurements().totals("query").rows());
        assertEquals(50, out.measurements().totals("query").operations());
        // query i of worker w is due at (i + w/2) / 50 s: the last at 24.5 / 50 s; the inserts took no time
        assertEquals(0.49, out.elapsedSeconds(), NANOS, "50 queries at 100 ops/s, on their schedule");
        assertNull(out.pacing().get("insert"));
        assertNotNull(out.pacing().get("query"));
        assertEquals("ops/s", out.pacing().get("query").unit());
        assertEquals(2, out.measurements().operationStats().size());
    }

    @Test
    void retryableFailuresAreRetriedThenSucceed() throws Exception {
        Engine.Outcome out = run(onATestClock(new ScriptedWorkload(spec().with(s -> {
            s.ops = 10;
            s.rows = 5;
            s.script = c -> {
                if (c.n % 2 == 0 && c.attempt < 2) {
                    throw new TargetException(Kind.RETRYABLE, "40001", "serialization failure", null);
                }
                return null;
            };
        }))), options("max-retries", "3"));
        Counts t = out.measurements().totals();
        assertEquals(50, t.rows());
        assertEquals(0, t.errors());
        assertEquals(10, t.retries());
        assertNull(out.failure());
    }

    @Test
    void failuresAreCountedAndAbortPastTheErrorBudget() throws Exception {
        Engine.Outcome out = run(new ScriptedWorkload(spec().with(s -> {
            s.ops = 100;
            s.rows = 7;
            s.script = c -> {
                if (c.n >= 3) {
                    throw new TargetException(Kind.FATAL, "23514", "check constraint", null);
                }
                return null;
            };
        })), options("max-errors", "2"));
        Counts t = out.measurements().totals();
        assertEquals(21, t.rows());
        assertEquals(3, t.errors(), "two tolerated, the third aborts");
        assertEquals(21, t.failedRows());
        assertEquals(StopReason.ABORTED, out.stopReason());
        assertNotNull(out.failure());
        assertEquals("23514", out.measurements().errorSummaries().get(0).vendorCode());
        assertEquals(3, out.measurements().errorSummaries().get(0).count());
    }

    @Test
    void aPartialWriteCountsWhatTheTargetKept() throws Exception {
        ScriptedWorkload w = new ScriptedWorkload(spec().with(s -> {
            s.ops = 5;
            s.rows = 11;
            s.script = c -> {
                if (c.n == 2) {
                    throw new PartialWriteException("400", "7 of 10 lines rejected", 3, 1);
                }
                if (c.n == 3 && c.attempt == 0) {
                    throw new PartialWriteException(Kind.UNREACHABLE, null, "connection lost after 5 lines", 5, 0, 4);
                }
                return null;
            };
        }));
        Engine.Outcome out = run(w, options("max-errors", "5"));
        Counts t = out.measurements().totals();
        assertEquals(3 * 11 + 3 + 5, t.rows(), "the kept lines count as written, so --verify matches the table");
        assertEquals(1, t.skippedRows());
        assertEquals(7 + 2, t.failedRows());
        assertEquals(4, t.unknownRows(), "the lines whose post may have landed");
        assertEquals(2, t.errors());
        assertEquals(0, t.retries(), "a partial write is never retried whole");
        assertEquals(1, reconnectsCalled(w), "a partial write that lost the connection reconnects before the next operation");
    }

    private static int reconnectsCalled(ScriptedWorkload w) {
        return w.sessions.stream().mapToInt(s -> s.reconnects.get()).sum();
    }

    @Test
    void aLostConnectionIsReopenedAndTheOperationRetried() throws Exception {
        // the server goes away for three reconnect attempts, then is back: nothing is lost, nothing counted twice
        AtomicInteger down = new AtomicInteger();
        ScriptedWorkload w = new ScriptedWorkload(spec().with(s -> {
            s.ops = 10;
            s.rows = 100;
            s.script = c -> {
                if (c.n == 4 && c.attempt == 0) {
                    throw new TargetException(Kind.UNREACHABLE, "08006", "terminating connection", null);
                }
                return null;
            };
            s.reconnect = k -> down.incrementAndGet() > 3;
        }));
        testClock(w); // the backoffs between reconnects take no time
        Engine.Outcome out = run(w, options());
        Counts t = out.measurements().totals();
        assertEquals(1000, t.rows());
        assertEquals(0, t.errors());
        assertEquals(1, t.retries());
        assertEquals(1, t.reconnects());
        assertEquals(4, reconnectsCalled(w), "tried with backoff until the target answered");
        assertEquals(StopReason.COMPLETED, out.stopReason());
    }

    @Test
    void anAttemptOfUnknownFateIsAskedAboutAfterReconnecting() throws Exception {
        Script lostAtCommit = c -> {
            if (c.n == 2 && c.attempt == 0) {
                throw new TargetException(Kind.UNREACHABLE, Fate.UNKNOWN, "08006", "connection lost during COMMIT", null);
            }
            return null;
        };
        Engine.Outcome applied = run(new ScriptedWorkload(spec().with(s -> {
            s.script = lostAtCommit;
            s.resolution = Fate.APPLIED;
        })), options());
        assertEquals(100, applied.measurements().totals().rows(), "the commit went through: counted once, not resent");
        assertEquals(0, applied.measurements().totals().retries());

        Engine.Outcome notApplied = run(new ScriptedWorkload(spec().with(s -> {
            s.script = lostAtCommit;
            s.resolution = Fate.NOT_APPLIED;
        })), options());
        assertEquals(100, notApplied.measurements().totals().rows(), "rolled back: sent again");
        assertEquals(1, notApplied.measurements().totals().retries());

        Engine.Outcome unknown = run(new ScriptedWorkload(spec().with(s -> {
            s.script = lostAtCommit;
            s.resolution = Fate.UNKNOWN;
        })), options("max-errors", "1"));
        Counts t = unknown.measurements().totals();
        assertEquals(90, t.rows(), "not idempotent and no answer: not resent");
        assertEquals(10, t.unknownRows(), "counted as unknown, neither written nor failed");
        assertEquals(0, t.failedRows());
        assertEquals(1, t.errors());

        Engine.Outcome idempotent = run(new ScriptedWorkload(spec().with(s -> {
            s.script = lostAtCommit;
            s.idempotent = true;
        })), options());
        assertEquals(100, idempotent.measurements().totals().rows(), "idempotent: resending is safe");
        assertEquals(0, idempotent.measurements().totals().unknownRows());
    }

    @Test
    void aTargetGoneForLongerThanTheReconnectBudgetAbortsAsUnreachable() throws Exception {
        ScriptedWorkload w = new ScriptedWorkload(spec().with(s -> {
            s.ops = 100;
            s.rows = 1;
            s.script = c -> {
                if (c.n == 5) {
                    throw new TargetException(Kind.UNREACHABLE, "08006", "connection lost", null);
                }
                return null;
            };
            s.reconnect = k -> false;
        }));
        testClock(w);
        Engine.Outcome out = run(w, options("max-errors", "1000", "reconnect-timeout", "1s"));
        assertEquals(5, out.measurements().totals().rows());
        assertEquals(1, out.measurements().totals().failedRows(), "nothing of it was applied");
        assertEquals(StopReason.ABORTED, out.stopReason());
        assertEquals(Kind.UNREACHABLE, out.failure().kind());
        assertTrue(out.failure().getMessage().contains("could not re-open it within --reconnect-timeout 1 s"),
                out.failure().getMessage());
        // refused at 0, 0.1, 0.3, 0.7 and 1.5 s (a backoff doubling from 100 ms): the fifth is past the budget
        assertEquals(5, reconnectsCalled(w), "tried with backoff until the budget was spent");
        assertEquals(1.5, out.elapsedSeconds(), NANOS, "bounded by the budget");
    }

    @Test
    void aTargetStillGoneWhenTheRunEndsAbortsAsUnreachableInsteadOfCuttingItsOperationsOff() throws Exception {
        // the server dies and stays away past --duration but within the reconnect budget: its operations failed
        Engine.Outcome out = run(onATestClock(new ScriptedWorkload(spec().with(s -> {
            s.ops = 1_000_000;
            s.rows = 1;
            s.script = c -> {
                if (c.n == 5) {
                    throw new TargetException(Kind.UNREACHABLE, "08006", "connection lost", null);
                }
                return null;
            };
            s.reconnect = k -> false; // connection refused
        }))), options("max-errors", "1000", "duration", "1s", "reconnect-timeout", "60s"));
        assertEquals(StopReason.ABORTED, out.stopReason());
        assertEquals(Kind.UNREACHABLE, out.failure().kind());
        assertTrue(out.failure().getMessage().contains("could not re-open it before the run ended"),
                out.failure().getMessage());
        assertTrue(out.failure().getMessage().contains("connection refused"), out.failure().getMessage());
        assertEquals(1, out.measurements().totals().errors(), "the operation in flight failed");
        assertEquals(1, out.measurements().totals().failedRows());
    }

    @Test
    void anOperationPastItsTimeoutIsCancelledCountedAndRetried() throws Exception {
        // the first attempt of op 3 hangs until cancelled; the statement was cancelled, so nothing was applied
        Engine.Outcome out = run(new ScriptedWorkload(spec().with(s -> {
            s.ops = 6;
            s.script = c -> {
                if (c.n == 3 && c.attempt == 0) {
                    c.blockUntilCancelled(Kind.FATAL, Fate.NOT_APPLIED);
                }
                return null;
            };
        })), options("op-timeout", "300ms", "max-errors", "5"));
        Counts t = out.measurements().totals();
        assertEquals(60, t.rows(), "retried after the cancel and written");
        assertEquals(1, t.retries());
        assertEquals(1, t.timeouts(), "the attempt that timed out is counted");
        assertEquals(0, t.errors(), "a timeout that a retry recovers is not an error");

        Engine.Outcome failing = run(new ScriptedWorkload(spec().with(s -> {
            s.ops = 6;
            s.script = c -> {
                if (c.n == 3) {
                    c.blockUntilCancelled(Kind.FATAL, Fate.UNKNOWN);
                }
                return null;
            };
        })), options("op-timeout", "300ms", "max-errors", "5"));
        Counts f = failing.measurements().totals();
        assertEquals(1, f.timeouts());
        assertEquals(1, f.errors());
        assertEquals(10, f.unknownRows(), "cancelled after it was sent: its fate is unknown, so it is not resent");
        assertEquals("TIMEOUT", failing.measurements().errorSummaries().get(0).kind());
        assertTrue(failing.measurements().errorSummaries().get(0).firstMessage().contains("passed --op-timeout"));
    }

    @Test
    void theDurationIsEnforcedOnAStalledOperation() throws Exception {
        RunOptions o = options("duration", "400ms", "op-timeout", OP_TIMEOUT);
        long t0 = System.nanoTime();
        Engine.Outcome out = run(new ScriptedWorkload(spec().with(s -> {
            s.load = new LoadModel.Closed(2);
            s.ops = 1_000_000;
            s.script = c -> {
                if (c.n == 3) {
                    c.blockUntilCancelled(Kind.FATAL, Fate.NOT_APPLIED); // a lock that is never released
                }
                return null;
            };
        })), o);
        double secs = (System.nanoTime() - t0) / 1e9;
        assertEquals(StopReason.DURATION, out.stopReason(), "what the end cancels does not abort the run");
        assertTrue(secs < notTheOpTimeout(o), "deadline + grace, not the op-timeout of " + OP_TIMEOUT + ": " + secs);
        assertEquals(2, out.measurements().totals().timeouts(), "each stalled worker's operation was cancelled");
        assertEquals(20, out.measurements().totals().failedRows());
        // the end of the run cut them, not the target: counted apart, not as errors (a clean run exits 0)
        assertEquals(2, out.measurements().totals().cutOff());
        assertEquals(0, out.measurements().totals().errors(), () -> out.measurements().errorSummaries().toString());
        assertTrue(out.measurements().errorSummaries().isEmpty());
    }

    @Test
    void aStopWhileStalledEndsWithinTheGrace() throws Exception {
        StopSignal stop = new StopSignal();
        java.util.concurrent.CountDownLatch stalled = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicLong stoppedAt = new java.util.concurrent.atomic.AtomicLong();
        // the stop comes once the run is stalled, however long a loaded machine took to get there
        Thread stopper = new Thread(() -> {
            try {
                stalled.await();
            } catch (InterruptedException e) {
                return;
            }
            sleep(100);
            stoppedAt.set(System.nanoTime());
            stop.request("SIGINT", 130);
        });
        stopper.start();
        RunOptions o = options("max-errors", "100", "op-timeout", OP_TIMEOUT);
        Engine.Outcome out = run(new ScriptedWorkload(spec().with(s -> {
            s.ops = 100;
            s.script = c -> {
                if (c.n == 2) {
                    stalled.countDown();
                    c.blockUntilCancelled(Kind.UNREACHABLE, Fate.UNKNOWN);
                }
                return null;
            };
        })), o, stop, ProgressListener.NONE);
        stopper.join();
        double secs = (System.nanoTime() - stoppedAt.get()) / 1e9;
        assertEquals(StopReason.INTERRUPTED, out.stopReason());
        assertTrue(secs < notTheOpTimeout(o), "the grace after the stop, not the op-timeout of " + OP_TIMEOUT + ": " + secs);
        assertEquals(20, out.measurements().totals().rows());
        assertEquals(10, out.measurements().totals().unknownRows(), "cancelled after it was sent: of unknown fate");
        assertEquals(1, out.measurements().totals().cutOff(), "the stop cut it: not an error");
        assertEquals(0, out.measurements().totals().errors(), () -> out.measurements().errorSummaries().toString());
    }

    @Test
    void theWatchdogsInterruptDoesNotOutliveTheAttemptItWasFor() throws Exception {
        java.util.concurrent.atomic.AtomicBoolean laterInterrupted = new java.util.concurrent.atomic.AtomicBoolean();
        Engine.Outcome out = run(new ScriptedWorkload(spec().with(s -> {
            s.ops = 3;
            s.script = c -> {
                if (c.n == 0 && c.attempt == 0) {
                    // a driver call that ignores the cancel and ends only on the interrupt, leaving the flag set
                    while (!Thread.currentThread().isInterrupted()) {
                        java.util.concurrent.locks.LockSupport.parkNanos(10_000_000L);
                    }
                    throw new TargetException(Kind.FATAL, Fate.NOT_APPLIED, null, "interrupted", null);
                }
                if (Thread.currentThread().isInterrupted()) {
                    laterInterrupted.set(true);
                }
                return null;
            };
        })), options("op-timeout", "200ms", "max-errors", "5"));
        assertEquals(StopReason.COMPLETED, out.stopReason());
        assertTrue(!laterInterrupted.get(), "a later attempt saw the earlier attempt's interrupt");
        assertEquals(3, out.measurements().totals().operations() - out.measurements().totals().errors());
    }

    @Test
    void aWorkerThatIgnoresCancelIsAbandonedWithItsRowsUnknown() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        RunOptions o = options("duration", "200ms", "op-timeout", OP_TIMEOUT);
        long t0 = System.nanoTime();
        Engine.Outcome out = run(new ScriptedWorkload(spec().with(s -> {
            s.ops = 3;
            s.script = c -> {
                if (c.n == 1) {
                    while (release.getCount() > 0) { // ignores cancel and interrupts
                        try {
                            release.await(10, TimeUnit.MILLISECONDS);
                        } catch (InterruptedException ignored) {
                            // a badly behaved driver call
                        }
                    }
                }
                return null;
            };
        })), o);
        double secs = (System.nanoTime() - t0) / 1e9;
        release.countDown();
        assertEquals(1, out.abandoned());
        assertEquals(10, out.measurements().totals().unknownRows());
        assertTrue(secs < notTheOpTimeout(o), "deadline + grace + abandon, not the op-timeout of " + OP_TIMEOUT + ": " + secs);
    }

    @Test
    void aWarmUpFailureEndsTheRunInsteadOfHanging() {
        ScriptedWorkload w = new ScriptedWorkload(spec()) {
            @Override
            public synchronized WorkerSession openWorker(TargetAdapter target, WorkerGroup group, int worker) {
                WorkerSession inner = super.openWorker(target, group, worker);
                return new WorkerSession() {
                    @Override
                    public Operation next() throws TargetException {
                        return inner.next();
                    }

                    @Override
                    public void warmUp() {
                        throw new UsageException("--precision s cannot carry the timestamp 2022-04-18T09:00:00.5Z");
                    }

                    @Override
                    public void close() {
                    }
                };
            }
        };
        UsageException e = assertThrows(UsageException.class, () -> run(w, options("workers", "2")));
        assertTrue(e.getMessage().contains("--precision s"));
    }

    @Test
    void anOperationSourceThatFailsAbortsTheRun() throws Exception {
        ScriptedWorkload w = new ScriptedWorkload(spec()) {
            @Override
            public synchronized WorkerSession openWorker(TargetAdapter target, WorkerGroup group, int worker) {
                WorkerSession inner = super.openWorker(target, group, worker);
                AtomicInteger n = new AtomicInteger();
                return new WorkerSession() {
                    @Override
                    public Operation next() throws TargetException {
                        if (n.incrementAndGet() == 4) {
                            throw new IllegalStateException("generator bug");
                        }
                        return inner.next();
                    }

                    @Override
                    public void close() {
                    }
                };
            }
        };
        Engine.Outcome out = run(w, options());
        assertEquals(StopReason.ABORTED, out.stopReason(), "not COMPLETED with rows missing");
        assertTrue(out.failure().getMessage().contains("generator bug"));
    }

    @Test
    void openModelPacesAndChargesStallsFromTheIntendedStart() throws Exception {
        // 2 workers x 20 ops x 10 rows at 400 rows/s: 200 rows/s each, worker 1 half a row behind worker 0; row r
        // of a worker is due at (r + w/2) / 200 s, an op when its last row is. Worker 0's op 5 (due at 0.295 s)
        // takes 300 ms: op 6, due at 0.345 s, starts 0.25 s late at 0.595 s; the ops after it catch up at once.
        ScriptedWorkload w = new ScriptedWorkload(spec().with(s -> {
            s.load = new LoadModel.Open(2, 400);
            s.ops = 20;
        }));
        TestClock clock = testClock(w);
        w.specs.get(0).script = c -> {
            if (c.worker == 0 && c.n == 5) {
                clock.sleep(Duration.ofMillis(300));
            }
            return null;
        };
        Engine.Outcome out = run(w, options());
        assertEquals(400, out.measurements().totals().rows());
        assertEquals(199.5 / 200, out.elapsedSeconds(), NANOS, "paced over the schedule: worker 1's last row");
        var pacing = out.pacing().get("main");
        assertTrue(pacing.keptUp(), "the stall is absorbed before the end");
        assertEquals(0, pacing.finalLagSeconds(), NANOS);
        assertEquals(0.25, pacing.maxLagSeconds(), NANOS, "ops after the stall started late");
        double maxMillis = out.measurements().operationStats().get(0).maxMillis();
        assertEquals(300, maxMillis, 300 * 0.001, "the stalled op's latency counts from its intended start"
                + " (a histogram of 3 significant digits)");
    }

    @Test
    void aStallAtTheEndShowsInTheLargestLag() throws Exception {
        ScriptedWorkload w = new ScriptedWorkload(spec().with(s -> {
            s.load = new LoadModel.Open(1, 1000);
            s.ops = 5;
        }));
        TestClock clock = testClock(w);
        w.specs.get(0).script = c -> {
            if (c.n == 4) {
                clock.sleep(Duration.ofMillis(1500)); // the last op, started on time
            }
            return null;
        };
        Engine.Outcome out = run(w, options());
        var p = out.pacing().get("main");
        assertFalse(p.keptUp(), "fell behind at the end: " + p);
        assertEquals(1.5, p.finalLagSeconds(), NANOS, "the last op ended 1.5 s after it was due: " + p);
        assertEquals(1.5, p.maxLagSeconds(), NANOS, "the largest lag is never below the final one: " + p);
    }

    @Test
    void anOpenModelRunLastsItsDurationAndStartsNothingAfterIt() throws Exception {
        // 2 ops/s for 1.2 s: ops due at 0, 0.5 and 1.0 s; the fourth, at 1.5 s, is after the deadline; the run still lasts 1.2 s
        ScriptedWorkload sparseRun = new ScriptedWorkload(spec().with(s -> {
            s.load = new LoadModel.Open(1, 2, LoadModel.Open.Pace.OPERATIONS);
            s.ops = 100;
        }));
        testClock(sparseRun);
        Engine.Outcome sparse = run(sparseRun, options("duration", "1200ms"));
        assertEquals(StopReason.DURATION, sparse.stopReason());
        assertEquals(3, sparse.measurements().totals().operations());
        assertEquals(1.2, sparse.elapsedSeconds(), NANOS, "waited for the deadline instead of ending at the last op");
        // waiting out the deadline is not lagging: the last op was on time (was 0.2 s "behind", and not kept up)
        assertEquals(0, sparse.pacing().get("main").finalLagSeconds(), NANOS);
        assertTrue(sparse.pacing().get("main").keptUp());

        // one op (due at 0.1 s) stalls past the deadline: the ops it delayed are not started afterwards
        ScriptedWorkload behindRun = new ScriptedWorkload(spec().with(s -> {
            s.load = new LoadModel.Open(1, 100, LoadModel.Open.Pace.OPERATIONS);
            s.ops = 1000;
        }));
        TestClock clock = testClock(behindRun);
        behindRun.specs.get(0).script = c -> {
            if (c.n == 10) {
                clock.sleep(Duration.ofMillis(800));
            }
            return null;
        };
        Engine.Outcome behind = run(behindRun, options("duration", "500ms"));
        assertEquals(11, behind.measurements().totals().operations(), "nothing started after the deadline");
        assertEquals(0.9, behind.elapsedSeconds(), NANOS, "the stalled op ended within the stop's grace");

        // 5 ops/s for 3 s: 15 ops, due at 0, 0.2, ... 2.8 s; none due at the deadline itself
        ScriptedWorkload exactRun = new ScriptedWorkload(spec().with(s -> {
            s.load = new LoadModel.Open(1, 5, LoadModel.Open.Pace.OPERATIONS);
            s.ops = 100;
        }));
        testClock(exactRun);
        Engine.Outcome exact = run(exactRun, options("duration", "3s"));
        assertEquals(15, exact.measurements().totals().operations());
        assertEquals(3.0, exact.elapsedSeconds(), NANOS);
    }

    @Test
    void durationEndsTheRunAndStopSignalInterruptsIt() throws Exception {
        // operations of 7 ms: the one under way at the deadline (started at 294 ms) ends at 301 ms, nothing after it
        ScriptedWorkload timedRun = new ScriptedWorkload(spec().with(s -> {
            s.load = new LoadModel.Closed(2);
            s.ops = 100_000;
            s.rows = 1;
        }));
        TestClock clock = testClock(timedRun);
        timedRun.specs.get(0).script = c -> {
            clock.sleep(Duration.ofMillis(7));
            return null;
        };
        Engine.Outcome timed = run(timedRun, options("duration", "300ms"));
        assertEquals(StopReason.DURATION, timed.stopReason());
        assertEquals(0.301, timed.elapsedSeconds(), NANOS, "stopped at the end of the operation under way at the deadline");
        assertEquals(2 * 43, timed.measurements().totals().rows());

        // the stop comes during the second operation (as Ctrl-C would): it ends, and nothing starts after it
        StopSignal stop = new StopSignal();
        ScriptedWorkload stoppedRun = new ScriptedWorkload(spec().with(s -> {
            s.ops = 100_000;
            s.rows = 1;
        }));
        TestClock stoppedClock = testClock(stoppedRun);
        stoppedRun.specs.get(0).script = c -> {
            if (c.n == 1) {
                stop.request();
            }
            stoppedClock.sleep(Duration.ofMillis(7));
            return null;
        };
        Engine.Outcome stopped = run(stoppedRun, options(), stop, ProgressListener.NONE);
        assertEquals(StopReason.INTERRUPTED, stopped.stopReason());
        assertEquals(2, stopped.measurements().totals().rows());
        assertEquals(0.014, stopped.elapsedSeconds(), NANOS);
    }

    @Test
    void progressSaysHowFarAnOpenModelIsBehindWhileItHappens() throws Exception {
        List<ProgressListener.Progress> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.concurrent.atomic.AtomicBoolean stalled = new java.util.concurrent.atomic.AtomicBoolean();
        ScriptedWorkload w = new ScriptedWorkload(spec().with(s -> {
            s.load = new LoadModel.Open(1, 100, LoadModel.Open.Pace.OPERATIONS);
            s.ops = 200;
        }));
        TestClock clock = testClock(w);
        w.specs.get(0).script = c -> {
            // the stall once a first sample was taken
            if (!seen.isEmpty() && !stalled.getAndSet(true)) {
                clock.sleep(Duration.ofMillis(1_600));
            }
            return null;
        };
        run(w, options("watch-interval", "100ms"), new StopSignal(), (sample, progress) -> seen.add(progress));
        assertTrue(stalled.get(), "the run stalled");
        double most = seen.stream().mapToDouble(p -> p.groups().get(0).behindSeconds()).max().orElse(0);
        assertTrue(most > 1.2, "the stall showed while it lasted: " + most);
        assertTrue(seen.get(0).groups().get(0).behindSeconds() < 0.5, "on time before it");
    }

    @Test
    void progressSaysStoppingPastTheDeadlineInsteadOfAnEta() throws Exception {
        List<ProgressListener.Progress> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        run(new ScriptedWorkload(spec().with(s -> {
            s.ops = 1_000_000;
            s.script = c -> {
                if (c.n == 3) {
                    c.blockUntilCancelled(Kind.FATAL, Fate.NOT_APPLIED);
                }
                return null;
            };
        })), options("duration", "200ms", "watch-interval", "100ms", "max-errors", "5"), new StopSignal(),
                (sample, progress) -> seen.add(progress));
        ProgressListener.GroupProgress last = seen.get(seen.size() - 1).groups().get(0);
        assertEquals(ProgressListener.State.STOPPING, last.state());
        assertTrue(!last.hasEta(), "no ETA once stopping: " + last);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aWarmUpRunsFirstAndIsKeptApartFromTheMeasuredRun() throws Exception {
        // operations of 7 ms, so none ends at the instant the warm-up does (the engine looks every 50 ms)
        ScriptedWorkload w = new ScriptedWorkload(spec().with(s -> {
            s.load = new LoadModel.Closed(2);
            s.ops = 1_000_000;
        }));
        TestClock clock = testClock(w);
        w.specs.get(0).script = c -> {
            clock.sleep(Duration.ofMillis(7));
            return null;
        };
        w.warmup = Duration.ofMillis(1000);
        List<ProgressListener.Progress> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        Engine.Outcome out = run(w, options("duration", "800ms", "watch-interval", "200ms"), new StopSignal(),
                (sample, progress) -> seen.add(progress));
        assertNotNull(out.warmup());
        // each worker's operations end at 7, 14, ... 1001 ms in the warm-up (143 of them: the one in flight when it
        // ended counts where it began), then at 1008 ... 1806 ms: the one started at 1799 ms, before the deadline at
        // 1.8 s, ends at 1806 ms
        assertEquals(2 * 143, out.warmup().totals().operations(), "the warm-up ran: " + out.warmup());
        assertEquals(1.0, out.warmup().seconds());
        assertEquals(0.806, out.elapsedSeconds(), NANOS, "the measured run's time counts from the end of the warm-up");
        long measured = out.measurements().totals().operations();
        assertEquals(2 * (258 - 143), measured);
        // the measured run's intervals add up to its own operations, none of the warm-up's
        assertEquals(measured, out.intervals().stream().mapToLong(i -> i.groups().get(0).totals().counts().operations()).sum());
        assertTrue(seen.stream().anyMatch(ProgressListener.Progress::warmingUp), "progress during the warm-up says so");
        assertTrue(seen.stream().filter(p -> !p.warmingUp()).allMatch(p -> p.figures().containsKey("opsPerSecond")));
        assertTrue(seen.stream().filter(ProgressListener.Progress::warmingUp).allMatch(p -> p.figures().isEmpty()));
    }

    /**
     * Structure only: every interval, the warm-up's progress included, carries the host's use. That the measured
     * run's first interval counts from the end of the warm-up is {@code HostSamplerTest}'s, with counters that do
     * not depend on how busy this machine is.
     */
    @Test
    void everyIntervalCarriesTheHostsUse() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(io.dbharness.core.measure.HostSampler.forThisHost(() -> -1).isOn(),
                "not Linux: no /proc, no host samples");
        ScriptedWorkload w = new ScriptedWorkload(spec().with(s -> {
            s.load = new LoadModel.Closed(2);
            s.ops = 1_000_000;
            s.script = c -> {
                sleep(5);
                return null;
            };
        }));
        w.warmup = Duration.ofMillis(600);
        List<IntervalSample> shown = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<IntervalSample> warming = new java.util.concurrent.CopyOnWriteArrayList<>();
        Engine.Outcome out = run(w, options("duration", "1s", "watch-interval", "200ms"), new StopSignal(),
                (sample, progress) -> {
                    shown.add(sample);
                    if (progress.warmingUp()) {
                        warming.add(sample);
                    }
                });
        assertTrue(warming.stream().allMatch(i -> i.host() != null), "the warm-up's progress shows the host too");
        assertTrue(shown.stream().allMatch(i -> i.host() != null));
        assertFalse(out.intervals().isEmpty());
        for (IntervalSample i : out.intervals()) {
            assertNotNull(i.host(), "interval ending at " + i.endSeconds());
            assertTrue(i.host().memoryUsedBytes() > 0, i.host().toString());
        }
    }

    @Test
    void anOperationDueAfterTheEndOfTheRunNeverStarts() throws Exception {
        AtomicInteger started = new AtomicInteger();
        ScriptedWorkload w = new ScriptedWorkload(spec().with(s -> {
            s.ops = 100;
            s.pauseMillis = 60_000; // a think time far longer than the run
            s.script = c -> {
                started.incrementAndGet();
                return null;
            };
        }));
        TestClock clock = testClock(w);
        Engine.Outcome out = run(w, options("duration", "300ms"));
        assertEquals(0, started.get());
        assertEquals(StopReason.DURATION, out.stopReason());
        assertEquals(0.3, out.elapsedSeconds(), NANOS, "the run ended on time, not after the pause");
        assertEquals(300_000_000L, clock.elapsedNanos(), "and its workers with it");
    }
}
