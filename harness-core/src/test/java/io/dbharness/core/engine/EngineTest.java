package io.dbharness.core.engine;

import io.dbharness.core.api.Capability;
import io.dbharness.core.api.OpResult;
import io.dbharness.core.api.Operation;
import io.dbharness.core.api.RunTotals;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetInfo;
import io.dbharness.core.api.WorkerSession;
import io.dbharness.core.api.Workload;
import io.dbharness.core.config.Settings;
import io.dbharness.core.result.Verification;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine's own rules (retries, error budget, pacing, deadline, stop) with a scripted workload: these
 * are properties of the engine, not of a database, so no database takes part here.
 */
class EngineTest {

    /** What operation {@code n} (0-based, across the worker) does on attempt {@code attempt}. */
    interface Script {
        void run(int worker, int n, int attempt) throws TargetException;
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

    private static Workload workload(int opsPerWorker, long rowsPerOp, Script script) {
        return new Workload() {
            @Override
            public String id() {
                return "scripted";
            }

            @Override
            public void prepare(TargetAdapter target) {
            }

            @Override
            public WorkerSession openWorker(TargetAdapter target, int worker, int workers) {
                AtomicInteger next = new AtomicInteger();
                return new WorkerSession() {
                    @Override
                    public Operation next() {
                        int n = next.getAndIncrement();
                        if (n >= opsPerWorker) {
                            return null;
                        }
                        AtomicInteger attempts = new AtomicInteger();
                        return new Operation() {
                            @Override
                            public String type() {
                                return "op";
                            }

                            @Override
                            public long rows() {
                                return rowsPerOp;
                            }

                            @Override
                            public OpResult execute() throws TargetException {
                                script.run(worker, n, attempts.getAndIncrement());
                                return new OpResult(rowsPerOp, 0, rowsPerOp * 2, rowsPerOp * 10);
                            }
                        };
                    }

                    @Override
                    public void close() {
                    }
                };
            }

            @Override
            public OptionalLong plannedRows() {
                return OptionalLong.empty();
            }

            @Override
            public Verification verify(TargetAdapter target, RunTotals totals) {
                return Verification.skipped("scripted");
            }

            @Override
            public Map<String, String> describe() {
                return Map.of();
            }
        };
    }

    private static RunOptions options(String... pairs) {
        Map<String, String> m = new java.util.HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return RunOptions.from(Settings.resolve(RunOptions.OPTIONS, m, Map.of()));
    }

    private static Engine.Outcome run(Workload w, RunOptions o, StopSignal stop) throws TargetException {
        return new Engine(w, NO_TARGET, o.loadModel(), o, ProgressListener.NONE, stop).run();
    }

    @Test
    void countsEveryRowPointAndByteOfEveryWorker() throws Exception {
        Engine.Outcome out = run(workload(50, 100, (w, n, a) -> { }), options("workers", "3"), new StopSignal());
        RunTotals t = out.measurements().totals();
        assertEquals(150, t.operations());
        assertEquals(15_000, t.rows());
        assertEquals(30_000, t.points());
        assertEquals(150_000, t.bytes());
        assertEquals(Engine.StopReason.COMPLETED, out.stopReason());
        assertEquals(150, out.measurements().operationStats().get(0).count());
        assertNull(out.pacing());
    }

    @Test
    void retryableFailuresAreRetriedThenSucceed() throws Exception {
        Script flaky = (w, n, attempt) -> {
            if (n % 2 == 0 && attempt < 2) {
                throw new TargetException(TargetException.Kind.RETRYABLE, "40001", "serialization failure", null);
            }
        };
        Engine.Outcome out = run(workload(10, 5, flaky), options("workers", "1", "max-retries", "3"), new StopSignal());
        RunTotals t = out.measurements().totals();
        assertEquals(50, t.rows());
        assertEquals(0, t.errors());
        assertEquals(10, t.retries());
        assertNull(out.failure());
    }

    @Test
    void failuresAreCountedAndAbortPastTheErrorBudget() throws Exception {
        Script bad = (w, n, attempt) -> {
            if (n >= 3) {
                throw new TargetException(TargetException.Kind.FATAL, "23514", "check constraint", null);
            }
        };
        Engine.Outcome out = run(workload(100, 7, bad), options("workers", "1", "max-errors", "2"), new StopSignal());
        RunTotals t = out.measurements().totals();
        assertEquals(21, t.rows());
        assertEquals(3, t.errors(), "two tolerated, the third aborts");
        assertEquals(21, t.failedRows());
        assertEquals(Engine.StopReason.ABORTED, out.stopReason());
        assertNotNull(out.failure());
        assertEquals("23514", out.measurements().errorSummaries().get(0).vendorCode());
        assertEquals(3, out.measurements().errorSummaries().get(0).count());
    }

    @Test
    void aPartialWriteCountsWhatTheTargetKept() throws Exception {
        Script partial = (w, n, attempt) -> {
            if (n == 2) {
                throw new io.dbharness.core.api.PartialWriteException("400", "7 of 10 lines rejected", 3, 1);
            }
        };
        Engine.Outcome out = run(workload(5, 11, partial), options("workers", "1", "max-errors", "5"), new StopSignal());
        RunTotals t = out.measurements().totals();
        assertEquals(4 * 11 + 3, t.rows(), "the kept lines count as written, so --verify matches the table");
        assertEquals(1, t.skippedRows());
        assertEquals(7, t.failedRows());
        assertEquals(1, t.errors());
        assertEquals(0, t.retries(), "a partial write is never retried whole");
    }

    @Test
    void aLostTargetAbortsAtOnce() throws Exception {
        Script gone = (w, n, attempt) -> {
            if (n == 5) {
                throw new TargetException(TargetException.Kind.UNREACHABLE, "08006", "connection lost", null);
            }
        };
        Engine.Outcome out = run(workload(100, 1, gone), options("workers", "1", "max-errors", "1000"), new StopSignal());
        assertEquals(5, out.measurements().totals().rows());
        assertEquals(Engine.StopReason.ABORTED, out.stopReason());
        assertEquals(TargetException.Kind.UNREACHABLE, out.failure().kind());
    }

    @Test
    void openModelPacesAndChargesStallsFromTheIntendedStart() throws Exception {
        // 2 workers x 20 ops x 10 rows at 400 rows/s: 1 s of schedule; one op stalls 300 ms
        Script stall = (w, n, attempt) -> {
            if (w == 0 && n == 5) {
                sleep(300);
            }
        };
        long t0 = System.nanoTime();
        Engine.Outcome out = run(workload(20, 10, stall), options("workers", "2", "rate", "400"), new StopSignal());
        double secs = (System.nanoTime() - t0) / 1e9;
        assertEquals(400, out.measurements().totals().rows());
        assertTrue(secs >= 0.95 && secs < 3, "paced over about a second: " + secs);
        assertNotNull(out.pacing());
        assertTrue(out.pacing().keptUp(), "the stall is absorbed before the end");
        assertTrue(out.pacing().maxLagSeconds() > 0.15, "ops after the stall started late: " + out.pacing().maxLagSeconds());
        double maxMillis = out.measurements().operationStats().get(0).maxMillis();
        assertTrue(maxMillis >= 290, "the stalled op's latency counts from its intended start: " + maxMillis);
    }

    @Test
    void durationEndsTheRunAndStopSignalInterruptsIt() throws Exception {
        Script slow = (w, n, attempt) -> sleep(5);
        Engine.Outcome timed = run(workload(100_000, 1, slow), options("workers", "2", "duration", "300ms"), new StopSignal());
        assertEquals(Engine.StopReason.DURATION, timed.stopReason());
        assertTrue(timed.elapsedSeconds() < 2, "stopped near the deadline: " + timed.elapsedSeconds());

        StopSignal stop = new StopSignal();
        Thread stopper = new Thread(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
            stop.request();
        });
        stopper.start();
        Engine.Outcome stopped = run(workload(100_000, 1, slow), options("workers", "2"), stop);
        stopper.join();
        assertEquals(Engine.StopReason.INTERRUPTED, stopped.stopReason());
        assertTrue(stopped.measurements().totals().rows() > 0);
        assertTrue(Duration.ofMillis((long) (stopped.elapsedSeconds() * 1000)).toSeconds() < 2);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
