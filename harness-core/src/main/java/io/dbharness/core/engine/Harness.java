package io.dbharness.core.engine;

import io.dbharness.core.api.Capability;
import io.dbharness.core.api.PrepareContext;
import io.dbharness.core.api.RunTotals;
import io.dbharness.core.api.Shard;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetProvider;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.Verification;
import io.dbharness.core.api.WorkerGroup;
import io.dbharness.core.api.Workload;
import io.dbharness.core.api.TargetInfo;
import io.dbharness.core.api.WorkloadProvider;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;
import io.dbharness.core.measure.HostUsage;
import io.dbharness.core.result.HostInfo;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.GroupResult;
import io.dbharness.core.result.Totals;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The library entry point: {@code RunResult r = Harness.run(RunSpec.builder().target("postgres")...build());}
 *
 * <p>Throws {@link UsageException} for bad options (exit code 2) and {@link TargetException} when the
 * target cannot be reached or refuses the credentials (exit code 3). Failures during the run are counted
 * in the result, not thrown.
 */
public final class Harness {

    private Harness() {
    }

    public static RunResult run(RunSpec spec) throws TargetException {
        return run(spec, Registry.load());
    }

    /**
     * Everything {@link #run(RunSpec, Registry)} checks before it connects, without connecting: the target and
     * workload exist and fit, every option is known and valid. A sweep checks each of its points with it
     * before the first one runs; throws {@link UsageException} naming the problem.
     */
    public static void check(RunSpec spec, Registry registry) {
        plan(spec, registry);
    }

    /** A run checked and ready to connect: what {@link #check} proves and {@link #run} goes on from. */
    private record Plan(TargetProvider tp, WorkloadProvider wp, Settings settings, RunOptions options,
                        ShardOptions sharding, Workload workload, List<WorkerGroup> groups) {
    }

    private static Plan plan(RunSpec spec, Registry registry) {
        TargetProvider tp = registry.target(spec.target());
        WorkloadProvider wp = registry.workload(spec.workload());
        refuseForeignOptions(registry, tp, wp, spec.options().keySet());
        Settings settings = Settings.resolve(allOptions(tp, wp), spec.options(), spec.environment());
        RunOptions options = RunOptions.from(settings);
        tp.check(settings);
        ShardOptions sharding = ShardOptions.from(settings, spec.environment(), tp.id() + "/" + wp.id());
        Workload workload = wp.create(settings, sharding.shard());
        List<WorkerGroup> groups = workload.groups(options.loadModel(sharding.count()));

        requireCapabilities(tp, wp);
        return new Plan(tp, wp, settings, options, sharding, workload, groups);
    }

    /**
     * The target offers every capability the workload requires; else a {@link UsageException} naming the first it
     * lacks. The run checks it, and so does anything that would offer the pair (a sample config).
     */
    public static void requireCapabilities(TargetProvider tp, WorkloadProvider wp) {
        for (Class<? extends Capability> c : wp.requires()) {
            if (!tp.capabilities().contains(c)) {
                throw new UsageException("target '" + tp.id() + "' cannot run workload '" + wp.id()
                        + "': it lacks " + c.getSimpleName());
            }
        }
    }

    public static RunResult run(RunSpec spec, Registry registry) throws TargetException {
        Plan plan = plan(spec, registry);
        TargetProvider tp = plan.tp();
        WorkloadProvider wp = plan.wp();
        Settings settings = plan.settings();
        RunOptions options = plan.options();
        Workload workload = plan.workload();
        List<WorkerGroup> groups = plan.groups();
        Shard shard = plan.sharding().shard();
        int connections = Math.max(groups.stream().mapToInt(WorkerGroup::workers).sum(), workload.prepareConnections());
        try (TargetAdapter target = tp.open(settings, connections)) {
            // read before the run: a server that goes away later still has its version in the result
            TargetInfo info = target.describe();
            ShardBarrier barrier = ShardBarrier.of(target, shard);
            if (barrier != null && !shard.prepares()) {
                spec.progress().onPhase("shard " + shard + ": waiting for shard 0 to prepare (up to --schema-wait "
                        + settings.string("schema-wait") + ")");
                barrier.await(plan.sharding().schemaWait(), settings.string("schema-wait"), spec.stopSignal(),
                        workload.describe().containsKey("table") ? "table " + workload.describe().get("table")
                                : "workload " + wp.id());
            } else if (barrier != null) {
                barrier.clear();
            }
            workload.prepare(target, new PrepareContext() {
                @Override
                public void status(String line) {
                    spec.progress().onPhase(line);
                }

                @Override
                public boolean stopRequested() {
                    return spec.stopSignal().isRequested();
                }
            });

            if (barrier != null && shard.prepares()) {
                barrier.mark();
            }
            StartAt.await(plan.sharding().startAt(), spec.progress(), spec.stopSignal());
            Instant start = Instant.now();
            spec.stopSignal().phase(StopSignal.Phase.RUNNING);
            Engine.Outcome out = new Engine(workload, target, groups, options, spec.progress(), spec.stopSignal()).run();
            Instant end = Instant.now();
            RunTotals t = out.measurements().totals();
            spec.stopSignal().phase(StopSignal.Phase.FINISHING);
            // credentials refused mid-run (revoked, expired): asking again would only be refused again
            boolean refused = out.failure() != null && out.failure().kind() == TargetException.Kind.AUTHENTICATION;
            if (options.verify() && !refused) {
                spec.progress().onPhase("verifying what the target holds");
            }
            AfterRun after = refused ? new AfterRun(options.verify() ? Verification.failed(t.rows(), -1,
                    "the target refused the credentials during the run") : Verification.skipped("--verify not set"), -1)
                    : afterRun(workload, target, t, options, spec.stopSignal(), shard);
            List<GroupResult> groupResults = new ArrayList<>();
            for (WorkerGroup g : groups) {
                groupResults.add(new GroupResult(g.name(), GroupState.describe(g.load()), g.workers(),
                        Totals.of(out.measurements().totals(g.name()), out.groupSeconds().get(g.name())),
                        out.pacing().get(g.name())));
            }
            String failure = out.usageFailure() != null ? out.usageFailure().getMessage()
                    : out.failure() != null ? out.failure().getMessage()
                    : out.abandoned() > 0 ? out.abandoned() + " workers did not return after they were cancelled" : null;
            return new RunResult(runId(start, tp.id(), wp.id()), Version.harness(), Version.gitCommit(),
                    options.seed(), tp.id(), wp.id(), start, end, settings.masked(), info, workload.describe(),
                    HostInfo.current(), describe(groups), groups.stream().mapToInt(WorkerGroup::workers).sum(),
                    Totals.of(t, out.elapsedSeconds()), groupResults, out.measurements().operationStats(),
                    out.intervals(), out.measurements().errorSummaries(), after.verification(), after.storedBytes(),
                    workload.answers(), workload.plans(),
                    out.warmup() == null ? null : Totals.of(out.warmup().totals(), out.warmup().seconds()),
                    workload.figures(out.measurements().completedByType(), out.elapsedSeconds()), out.cpuSeconds(),
                    options.label(), HostUsage.over(out.intervals(), info.endpoint(), out.cpuSeconds(), t.rows(),
                            t.operations()), out.stopReason().name(), failure, exitCode(out, t, after.verification(), spec.stopSignal()), shard);
        }
    }

    /** Verification and stored size, each from a fresh connection and bounded in time. */
    private record AfterRun(Verification verification, long storedBytes) {
    }

    /**
     * Checks the target once the workers have stopped. Bounded: by {@code --op-timeout} (plus a margin), and to
     * a few seconds after a stop request (Ctrl-C before or during the checks), so a stalled server cannot hold
     * the summary and result back. A verification
     * asked for that could not be done (no answer in time, an error) is FAILED and says why: it proved nothing.
     */
    private static AfterRun afterRun(Workload workload, TargetAdapter target, RunTotals t, RunOptions options,
                                     StopSignal stop, Shard shard) {
        // the verification, once done, stands even if the stored size (informative only) then takes too long
        java.util.concurrent.atomic.AtomicReference<Verification> verified = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.FutureTask<AfterRun> task = new java.util.concurrent.FutureTask<>(() -> {
            Verification v = Verification.skipped("--verify not set");
            if (options.verify() && shard != null) {
                // the table holds every shard's rows, and the others may still be writing: one shard's count proves nothing
                v = Verification.skipped("sharded run (shard " + shard + "): a shard cannot verify what all shards"
                        + " wrote; count the table once every shard has finished");
            } else if (options.verify()) {
                v = verifyRetrying(workload, target, t);
            }
            verified.set(v);
            long stored;
            try {
                stored = workload.storedBytes(target).orElse(-1);
            } catch (TargetException | RuntimeException e) {
                stored = -1; // the size is informative; the run's outcome does not depend on it
            }
            return new AfterRun(v, stored);
        });
        Thread thread = new Thread(task, "dbharness-verify");
        thread.setDaemon(true);
        thread.start();
        long begun = System.nanoTime();
        long deadline = begun + (stop.isRequested() ? AFTER_STOP_LIMIT : checkLimit(options)).toNanos();
        boolean cut = stop.isRequested();
        boolean sizing = false;
        try {
            while (true) {
                if (!cut && stop.isRequested()) { // Ctrl-C during the checks: a few seconds more, not the whole limit
                    cut = true;
                    deadline = Math.min(deadline, System.nanoTime() + AFTER_STOP_LIMIT.toNanos());
                }
                if (!sizing && verified.get() != null) {
                    sizing = true;
                    deadline = Math.min(deadline, System.nanoTime() + STORED_SIZE_LIMIT.toNanos());
                }
                long wait = Math.min(deadline - System.nanoTime(), 100_000_000L);
                try {
                    return task.get(Math.max(wait, 0), java.util.concurrent.TimeUnit.NANOSECONDS);
                } catch (java.util.concurrent.TimeoutException e) {
                    if (System.nanoTime() - deadline >= 0) {
                        break;
                    }
                }
            }
            task.cancel(true);
            if (verified.get() != null) {
                return new AfterRun(verified.get(), -1);
            }
            long waited = Math.round((System.nanoTime() - begun) / 1e9);
            String why = cut ? "stopped (" + stop.requested().reason() + ") before the verification finished"
                    : "the target did not answer the verification within " + waited + " s";
            return new AfterRun(options.verify() ? Verification.failed(t.rows(), -1, why)
                    : Verification.skipped("--verify not set"), -1);
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof UsageException u) {
                throw u;
            }
            throw new IllegalStateException("verification failed: " + c, c);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new AfterRun(verified.get() != null ? verified.get()
                    : Verification.skipped("interrupted before the verification finished"), -1);
        }
    }

    /**
     * The checks after the run count the whole table, which takes longer than one write: at least a minute,
     * or {@code --op-timeout} when that is longer, plus a margin.
     */
    static java.time.Duration checkLimit(RunOptions options) {
        java.time.Duration op = options.opTimeout();
        return (op.compareTo(MIN_CHECK_LIMIT) > 0 ? op : MIN_CHECK_LIMIT).plusSeconds(5);
    }

    private static final java.time.Duration MIN_CHECK_LIMIT = java.time.Duration.ofSeconds(60);

    /**
     * The verification, asked again after a lost connection (a server restarting just after the run): it runs
     * on its own thread, which the caller abandons at its deadline, so retrying here is bounded there.
     */
    private static Verification verifyRetrying(Workload workload, TargetAdapter target, RunTotals t) {
        long backoffMillis = 250;
        while (true) {
            try {
                return workload.verify(target, t);
            } catch (TargetException e) { // asked for and not done: not a pass
                // a count that timed out would time out again; a lost connection may come back
                if (e.kind() != TargetException.Kind.UNREACHABLE || Thread.currentThread().isInterrupted()) {
                    return Verification.failed(t.rows(), -1, "could not check the target: " + e.getMessage());
                }
                try {
                    Thread.sleep(backoffMillis);
                } catch (InterruptedException stopped) {
                    return Verification.failed(t.rows(), -1, "could not check the target: " + e.getMessage());
                }
                backoffMillis = Math.min(backoffMillis * 2, 4_000);
            } catch (RuntimeException e) { // a bug in the check must not cost the measured run its result
                return Verification.failed(t.rows(), -1, "the verification failed with an internal error: " + e);
            }
        }
    }

    /** How long the stored size (informative, not part of the outcome) may take after the verification. */
    private static final java.time.Duration STORED_SIZE_LIMIT = java.time.Duration.ofSeconds(10);

    private static final java.time.Duration AFTER_STOP_LIMIT = java.time.Duration.ofSeconds(5);

    /**
     * The process's exit code for this run. A stop request wins (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP); then bad
     * usage found mid-run (2); a target lost beyond the reconnect budget or refusing credentials (3); errors,
     * a failed verification, an abort or abandoned workers (1).
     */
    static int exitCode(Engine.Outcome out, RunTotals t, Verification v, StopSignal stop) {
        if (stop.requested() != null) { // also when it came during the checks after the run
            return stop.requested().exitCode();
        }
        if (out.usageFailure() != null) {
            return 2;
        }
        if (out.failure() != null && (out.failure().kind() == TargetException.Kind.UNREACHABLE
                || out.failure().kind() == TargetException.Kind.AUTHENTICATION)) {
            return 3;
        }
        // a query past --op-timeout is no error, but a run where every one of them timed out measured nothing
        boolean allTimedOut = t.timeouts() > 0 && t.operations() == 0;
        boolean warmupErrors = out.warmup() != null && out.warmup().totals().errors() > 0;
        boolean bad = t.errors() > 0 || warmupErrors || v.isFailed() || out.failure() != null || out.abandoned() > 0 || allTimedOut;
        return bad ? 1 : 0;
    }

    /** An option of another target or workload gets a message that says whose it is. */
    private static void refuseForeignOptions(Registry registry, TargetProvider tp, WorkloadProvider wp,
                                             java.util.Set<String> given) {
        java.util.Set<String> own = new java.util.HashSet<>();
        allOptions(tp, wp).forEach(d -> own.add(d.name()));
        for (String name : given) {
            if (own.contains(name)) {
                continue;
            }
            refuseOwned(name, "target", tp.id(), registry.targets().stream()
                    .filter(o -> o.options().stream().anyMatch(d -> d.name().equals(name))).map(TargetProvider::id).toList());
            refuseOwned(name, "workload", wp.id(), registry.workloads().stream()
                    .filter(o -> o.options().stream().anyMatch(d -> d.name().equals(name))).map(WorkloadProvider::id).toList());
        }
    }

    /** {@code --url is an option of targets 'mogdb', 'postgres', not of 'noop'}; nothing when no one owns it. */
    private static void refuseOwned(String name, String kind, String current, List<String> owners) {
        if (!owners.isEmpty()) {
            throw new UsageException("--" + name + " is an option of " + kind + (owners.size() > 1 ? "s " : " ")
                    + owners.stream().map(o -> "'" + o + "'").collect(java.util.stream.Collectors.joining(", "))
                    + ", not of '" + current + "'", name);
        }
    }

    /** Every option the pair understands: engine, target and workload. */
    public static List<OptionDef> allOptions(TargetProvider tp, WorkloadProvider wp) {
        List<OptionDef> all = new ArrayList<>(RunOptions.OPTIONS);
        all.addAll(tp.options());
        all.addAll(wp.options());
        return all;
    }

    /** {@code closed, 2 workers}; with several groups {@code insert: closed, 2 workers; query: open 10 ops/s, 4 workers}. */
    private static String describe(List<WorkerGroup> groups) {
        List<String> parts = new ArrayList<>();
        for (WorkerGroup g : groups) {
            String d = GroupState.describe(g.load()) + ", " + g.workers() + (g.workers() == 1 ? " worker" : " workers");
            parts.add(groups.size() == 1 ? d : g.name() + ": " + d);
        }
        return String.join("; ", parts);
    }

    private static String runId(Instant start, String target, String workload) {
        String ts = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(start);
        // 32 random bits: a sweep of fast runs starts several in one second, and their files must not collide
        return ts + "-" + workload + "-" + target + "-" + String.format("%08x", ThreadLocalRandom.current().nextInt());
    }
}
