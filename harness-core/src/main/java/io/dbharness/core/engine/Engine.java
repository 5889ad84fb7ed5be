package io.dbharness.core.engine;

import io.dbharness.core.api.Counts;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.WorkerGroup;
import io.dbharness.core.api.WorkerSession;
import io.dbharness.core.api.Workload;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.measure.HostSampler;
import io.dbharness.core.measure.Measurements;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.Pacing;
import io.dbharness.core.result.ProgressListener;
import io.dbharness.core.result.StopReason;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Runs a workload's groups of workers against a target and measures every operation. Adapters and workloads
 * never time themselves: the engine wraps each {@link io.dbharness.core.api.Operation#execute()}.
 *
 * <p>Every wait is bounded. A watchdog cancels an attempt that runs past {@code --op-timeout} (adapters
 * enforce the deadline natively too; this is the backstop), and once the run is stopping (the deadline,
 * Ctrl-C, an abort) the attempts still in flight get {@link #STOP_GRACE} and are then cancelled; a worker
 * that still does not return is abandoned with its rows counted as unknown, so the run always ends with a
 * result.
 */
public final class Engine {

    /**
     * The engine's waits.
     *
     * @param stopGrace      how long operations in flight may finish once the run is stopping, before they are cancelled
     * @param watchdogMargin after the native timeout fires at --op-timeout, how long before the watchdog steps in
     * @param cancelRepeat   cancels of one attempt are repeated this often (an implementation may escalate each time)
     * @param abandonAfter   after the grace, how long cancelled workers get to return before they are abandoned
     */
    record Timing(Duration stopGrace, Duration watchdogMargin, Duration cancelRepeat, Duration abandonAfter) {
        static final Timing DEFAULT = new Timing(STOP_GRACE, Duration.ofSeconds(1), Duration.ofSeconds(1),
                Duration.ofSeconds(10));
    }

    /** How long operations in flight may finish after the run is told to stop, before they are cancelled. */
    public static final Duration STOP_GRACE = Duration.ofSeconds(3);
    private static final long TICK_NANOS = 50_000_000L;
    /** Warm-ups are short (the iot one stops after 0.3 s); one that never ends is a bug, not a reason to hang. */
    private static final long WARM_UP_LIMIT_NANOS = 120_000_000_000L;

    /**
     * What the engine hands back; the caller adds verification and builds the result.
     *
     * @param failure      what aborted the run, null otherwise
     * @param usageFailure bad usage found only once running, null otherwise
     * @param pacing       per group, null values for closed-model groups
     * @param abandoned    workers that did not return after being cancelled
     * @param groupSeconds per group, the seconds it was at work (shorter than the run's for a group done early)
     * @param warmup       what the warm-up recorded and how long it ran; null without a warm-up
     * @param cpuSeconds   CPU time this process spent during the measured run (the harness's own cost; an embedded
     *                     server runs in processes of its own), -1 when the JVM cannot tell
     * @param server       the target server's account of the run, null without server telemetry
     * @param serverHosts  each server host's account of the run ({@code --server-hosts}), empty without
     */
    public record Outcome(Measurements measurements, List<IntervalSample> intervals, double elapsedSeconds,
                          StopReason stopReason, TargetException failure, RuntimeException usageFailure,
                          Map<String, Pacing> pacing, int abandoned, Map<String, Double> groupSeconds,
                          Warmup warmup, double cpuSeconds, io.dbharness.core.result.ServerUsage server,
                          List<io.dbharness.core.result.ServerHostUsage> serverHosts) {
    }

    /** The warm-up's totals and seconds (shorter than asked for when the run stopped during it). */
    public record Warmup(Counts totals, double seconds) {
    }

    private final Workload workload;
    private final TargetAdapter target;
    private final List<WorkerGroup> groups;
    private final RunOptions options;
    private final ProgressListener listener;
    private final StopSignal stop;
    private final Timing timing;
    private final EngineClock clock;
    private ServerHosts hosts = ServerHosts.NONE;

    public Engine(Workload workload, TargetAdapter target, List<WorkerGroup> groups, RunOptions options,
                  ProgressListener listener, StopSignal stop) {
        this(workload, target, groups, options, listener, stop, Timing.DEFAULT, EngineClock.SYSTEM);
    }

    Engine(Workload workload, TargetAdapter target, List<WorkerGroup> groups, RunOptions options,
           ProgressListener listener, StopSignal stop, Timing timing, EngineClock clock) {
        this.timing = timing;
        this.clock = clock;
        if (groups.isEmpty()) {
            throw new IllegalArgumentException("a run needs at least one group of workers");
        }
        this.workload = workload;
        this.target = target;
        this.groups = List.copyOf(groups);
        this.options = options;
        this.listener = listener;
        this.stop = stop;
    }

    /** Samples these server hosts too, on their own threads ({@code --server-hosts}); the caller closes them. */
    Engine sampling(ServerHosts serverHosts) {
        this.hosts = serverHosts;
        return this;
    }

    public Outcome run() throws TargetException {
        Measurements measurements = new Measurements(groups.stream().map(WorkerGroup::name).toList());
        RunContext run = new RunContext(options, measurements, stop, clock);
        List<GroupState> states = new ArrayList<>();
        List<Worker> workers = new ArrayList<>();
        int total = groups.stream().mapToInt(WorkerGroup::workers).sum();
        CountDownLatch warmed = new CountDownLatch(total);
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(total);
        try {
            for (WorkerGroup g : groups) {
                GroupState state = new GroupState(g);
                states.add(state);
                for (int w = 0; w < g.workers(); w++) {
                    WorkerSession session = workload.openWorker(target, g, w);
                    Worker worker = new Worker(state, w, session, run, warmed, go, done);
                    state.workers.add(worker);
                    workers.add(worker);
                }
            }
        } catch (TargetException | RuntimeException e) {
            workers.forEach(w -> closeQuietly(w.session));
            throw e;
        }
        for (Worker w : workers) {
            w.thread = new Thread(w, "dbharness-" + w.group.name() + "-" + w.index);
            w.thread.setDaemon(true);
            w.thread.start();
        }
        // link and load everything the clock would otherwise charge to the first operations
        measurements.prepare();
        // a stop (Ctrl-C) during a warm-up that hangs goes on to the normal stop: nothing measured, a result;
        // a guard against a bug, on real time: the workers' warm-up comes before the run's clock starts
        long warmUntil = System.nanoTime() + WARM_UP_LIMIT_NANOS;
        while (warmed.getCount() > 0 && System.nanoTime() - warmUntil < 0 && !stop.isRequested()) {
            awaitQuietly(warmed, 100_000_000L);
        }
        Exception warmUpFailure = stop.isRequested() ? null : warmed.getCount() > 0
                ? new IllegalStateException("the workers' warm-up did not finish within "
                        + Worker.seconds(WARM_UP_LIMIT_NANOS)) : warmUpFailure(workers);
        if (warmUpFailure != null) {
            run.abortUsage(new UsageException("warm-up failed"));
            go.countDown();
            awaitQuietly(done, timing.abandonAfter().toNanos());
            if (warmUpFailure instanceof TargetException te) {
                throw te;
            }
            throw (RuntimeException) warmUpFailure;
        }

        long warmupNanos = workload.warmup().toNanos();
        // its own connection, opened before the clock; its first readings are the run's baseline
        ServerMonitor server = ServerMonitor.start(target, options.serverTelemetry(), options.reconnectTimeout()).orElse(null);
        // the first call loads the JVM's management beans (tens of ms): not on the clock
        run.cpuStartNanos = ProcessCpu.nanos();
        HostSampler host = HostSampler.forThisHost(ProcessCpu::nanos);
        host.restart(); // its first read also decides which disks count: before the clock too
        hosts.start(); // the server hosts' baselines, before the clock too
        long begun = clock.nanoTime();
        long start = begun + warmupNanos; // the measured run begins after the warm-up
        run.startNanos = start;
        if (server != null) {
            server.clockFrom(start);
        }
        run.goNanos = begun;
        run.deadlineNanos = options.duration().map(d -> start + d.toNanos()).orElse(Long.MAX_VALUE);
        go.countDown();
        long cpuEnd = -1;
        ExecutorService cancels = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "dbharness-cancel");
            t.setDaemon(true);
            return t;
        });
        List<IntervalSample> intervals = new ArrayList<>();
        int abandoned;
        try {
            abandoned = monitor(run, states, workers, done, cancels, intervals, begun, host, server);
            cpuEnd = ProcessCpu.nanos();
        } finally {
            cancels.shutdown();
        }
        Warmup warmup = null;
        if (warmupNanos > 0) {
            long now = clock.nanoTime();
            if (!run.warmupEnded) { // the run ended during the warm-up: all of it was warm-up
                run.measurements.endWarmup();
                run.warmupEnded = true;
            }
            warmup = new Warmup(run.measurements.warmupTotals(), Math.min(now - begun, warmupNanos) / 1e9);
        }
        double elapsed = Math.max(0, clock.nanoTime() - start) / 1e9;
        IntervalSample last = measurements.sample(elapsed).withHost(host.sample());
        boolean counted = last.groups().stream().anyMatch(g -> !g.totals().counts().equals(Counts.ZERO));
        boolean keepLast = counted || last.seconds() > 0.05 || intervals.isEmpty();
        if (keepLast) {
            intervals.add(last); // a short tail still holds operations: the intervals must add up to the run
        }
        ServerHosts.Result hostsResult = hosts.finish(intervals.size(), keepLast, start);
        for (int i = 0; i < intervals.size(); i++) {
            intervals.set(i, intervals.get(i).withServerHosts(hostsResult.perInterval().get(i)));
        }
        io.dbharness.core.result.ServerUsage serverUsage = null;
        if (server != null) {
            var t = measurements.totals();
            ServerMonitor.Result sr = server.finish(t.rows(), t.points());
            attach(intervals, sr.samples(), keepLast);
            serverUsage = sr.usage();
        }
        Map<String, Double> groupSeconds = new LinkedHashMap<>();
        states.forEach(s -> groupSeconds.put(s.name(), s.activeSeconds(start, elapsed)));
        Map<String, Pacing> pacing = new LinkedHashMap<>();
        states.forEach(s -> pacing.put(s.name(), s.pacing(groupSeconds.get(s.name()))));
        boolean deadlineHit = states.stream().anyMatch(s -> s.deadlineHit) || run.deadlineNanos <= clock.nanoTime();
        StopReason reason = run.failure() != null || run.usageFailure() != null ? StopReason.ABORTED
                : stop.isRequested() ? StopReason.INTERRUPTED
                : deadlineHit && options.duration().isPresent() ? StopReason.DURATION : StopReason.COMPLETED;
        return new Outcome(measurements, intervals, elapsed, reason, run.failure(), run.usageFailure(), pacing, abandoned,
                groupSeconds, warmup, run.cpuStartNanos < 0 || cpuEnd < 0 ? -1 : (cpuEnd - run.cpuStartNanos) / 1e9,
                serverUsage, hostsResult.usage());
    }

    /**
     * Gives each interval the server's sample cut with it. The samples are one per kept interval, plus the last cut
     * made at the end: when the run's short tail was not kept as an interval, that cut joins the interval before.
     */
    static void attach(List<IntervalSample> intervals, List<io.dbharness.core.result.ServerSample> samples,
                       boolean lastKept) {
        List<io.dbharness.core.result.ServerSample> s = new ArrayList<>(samples);
        if (!lastKept && s.size() >= 2) {
            io.dbharness.core.result.ServerSample tail = s.remove(s.size() - 1);
            s.set(s.size() - 1, s.get(s.size() - 1).plus(tail));
        }
        for (int i = 0; i < intervals.size() && i < s.size(); i++) {
            intervals.set(i, intervals.get(i).withServer(s.get(i)));
        }
    }

    /**
     * Samples every watch interval (the host's resource use too), cancels attempts past their deadline, and once
     * the run is stopping, cancels what is left after the grace and abandons what never returns. Returns the
     * abandoned workers.
     */
    private int monitor(RunContext run, List<GroupState> states, List<Worker> workers, CountDownLatch done,
                        ExecutorService cancels, List<IntervalSample> intervals, long begun, HostSampler host,
                        ServerMonitor server) {
        long start = run.startNanos;
        long intervalNanos = options.watchInterval().toNanos();
        long nextSample = begun + intervalNanos; // a warm-up shows its progress too
        run.warmupEnded = start == begun;
        Watchdog watchdog = new Watchdog(options.opTimeout().toNanos(), timing, cancels);
        long stoppingSince = 0;
        String stopWhy = null;
        long grace = timing.stopGrace().toNanos();
        long abandonAfter = timing.abandonAfter().toNanos();
        while (true) {
            try {
                if (clock.await(done, TICK_NANOS)) {
                    return 0;
                }
            } catch (InterruptedException e) {
                stop.request("the harness thread was interrupted", 130); // then carry on stopping like Ctrl-C
            }
            long now = clock.nanoTime();
            if (stoppingSince == 0) {
                if (run.winding()) {
                    stoppingSince = now;
                    stopWhy = stop.isRequested() ? "cancelled: the run was stopped (" + stop.requested().reason() + ")"
                            : "cancelled: the run was aborted";
                } else if (now >= run.deadlineNanos) {
                    stoppingSince = run.deadlineNanos;
                    stopWhy = "cancelled: still running " + Worker.seconds(grace) + " after --duration ended";
                }
            }
            boolean pastGrace = stoppingSince != 0 && now - stoppingSince >= grace;
            if (pastGrace && !run.hardStop) {
                run.hardStop = true;
            }
            for (Worker w : workers) {
                watchdog.check(w, now, pastGrace ? stopWhy : null);
            }
            if (pastGrace && now - stoppingSince >= grace + abandonAfter) {
                int abandoned = 0;
                for (Worker w : workers) {
                    if (!w.finished) {
                        w.abandon("did not return " + Worker.seconds(abandonAfter)
                                + " after it was cancelled; its rows are counted as unknown");
                        abandoned++;
                    }
                }
                return abandoned;
            }
            if (!run.warmupEnded && now >= start) {
                run.measurements.endWarmup(); // its intervals were shown, not kept: the rates are the measured run's
                run.warmupEnded = true;
                run.cpuStartNanos = ProcessCpu.nanos();
                host.restart(); // like the rates: the host's use during the warm-up was shown, not kept
                hosts.restart();
                if (server != null) {
                    server.restart();
                }
                nextSample = start + intervalNanos;
            } else if (now >= nextSample) {
                boolean warming = !run.warmupEnded;
                double elapsed = ((warming ? now - begun : now - start)) / 1e9;
                IntervalSample s = run.measurements.sample(elapsed).withHost(host.sample());
                if (!warming) {
                    intervals.add(s);
                    hosts.cut();
                    if (server != null) {
                        server.cut();
                    }
                }
                // the server's and hosts' figures come from threads of their own, an interval late: shown live, while
                // the result gets each interval's own at the end
                IntervalSample shown = warming ? s : s.withServer(server == null ? null : server.takeNew())
                        .withServerHosts(hosts.latest());
                if (shown.server() != null) {
                    listener.onServerMetrics(server.catalogue());
                }
                listener.onInterval(shown, progress(run, states, elapsed, stoppingSince != 0, warming,
                        warming ? (start - now) / 1e9 : 0));
                nextSample += intervalNanos * Math.max(1, (now - nextSample) / intervalNanos + 1);
                if (warming && nextSample > start) {
                    nextSample = start;
                }
            }
        }
    }

    /** @param warmupLeft seconds of warm-up still to go before the measured run (added to the ETA) */
    private ProgressListener.Progress progress(RunContext run, List<GroupState> states, double elapsed,
                                               boolean stopping, boolean warming, double warmupLeft) {
        List<ProgressListener.GroupProgress> out = new ArrayList<>();
        for (GroupState g : states) {
            var t = run.measurements.totals(g.name());
            double eta = -1;
            double fraction = -1;
            if (!stopping && options.duration().isPresent()) {
                double total = options.duration().get().toNanos() / 1e9;
                fraction = warming ? 0 : Math.min(1, elapsed / total);
                eta = warming ? warmupLeft + total : Math.max(0, total - elapsed);
            }
            if (!stopping && !warming) {
                double f = done(g.spec.plannedRows(), t.rows() + t.skippedRows() + t.failedRows() + t.unknownRows());
                double fo = done(g.spec.plannedOperations(), t.operations());
                f = Math.max(f, fo);
                if (f > 0) {
                    double e = elapsed / f - elapsed;
                    if (eta < 0 || e < eta) { // whichever end comes first: the deadline or the planned work
                        eta = e;
                        fraction = f;
                    }
                }
            }
            int reconnecting = g.reconnecting.get();
            // done: its share written while other groups go on (a stop says stopping, whoever is left)
            ProgressListener.State state = stopping ? ProgressListener.State.STOPPING
                    : g.done() ? ProgressListener.State.DONE
                    : reconnecting > 0 ? ProgressListener.State.RECONNECTING : ProgressListener.State.RUNNING;
            out.add(new ProgressListener.GroupProgress(g.name(), state, t, reconnecting, eta, fraction,
                    stopping ? 0 : g.behindSeconds(clock.nanoTime()), g.spec.load()));
        }
        return new ProgressListener.Progress(elapsed, out, warming,
                warming ? Map.of() : workload.figures(run.measurements.completedByType(), elapsed));
    }

    private static double done(OptionalLong planned, long handled) {
        if (planned.isEmpty() || planned.getAsLong() <= 0 || handled <= 0) {
            return -1;
        }
        return Math.min(1, (double) handled / planned.getAsLong());
    }

    /**
     * The first warm-up failure as the run should end with it: bad usage (e.g. a timestamp the chosen
     * precision cannot carry) and target failures as such, anything else as an internal error.
     */
    private static Exception warmUpFailure(List<Worker> workers) {
        for (Worker w : workers) {
            Throwable t = w.warmUpFailure;
            if (t == null) {
                continue;
            }
            if (t instanceof UsageException || t instanceof TargetException) {
                return (Exception) t;
            }
            return new IllegalStateException("warm-up of worker " + w.group.name() + "/" + w.index + " failed: " + t, t);
        }
        return null;
    }

    private static void closeQuietly(WorkerSession s) {
        try {
            s.close();
        } catch (RuntimeException ignored) {
            // already failing; the target closes what is left
        }
    }

    private static void awaitQuietly(CountDownLatch latch, long nanos) {
        boolean interrupted = false;
        long until = nanos == Long.MAX_VALUE ? Long.MAX_VALUE : System.nanoTime() + nanos;
        while (true) {
            try {
                long left = until == Long.MAX_VALUE ? Long.MAX_VALUE : until - System.nanoTime();
                if (left <= 0 || latch.await(left, TimeUnit.NANOSECONDS)) {
                    break;
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
