package io.dbharness.core.engine;

import io.dbharness.core.result.StopReason;
import io.dbharness.core.config.ShardOptions;
import io.dbharness.core.config.RunOptions;
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
 * target cannot be reached or refuses the credentials (exit code 3). Once the target is open, whatever happens
 * ends in a result: failures during the run are counted in it, and a preparation that fails (a load cut off by a
 * server that does not come back) gives a result whose {@code failedPhase} is {@code prepare}.
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
        Workload workload = plan.workload();
        List<WorkerGroup> groups = plan.groups();
        int connections = Math.max(groups.stream().mapToInt(WorkerGroup::workers).sum(), workload.prepareConnections());
        try (TargetAdapter target = plan.tp().open(plan.settings(), connections)) {
            // read before the run: a server that goes away later still has its version in the result
            TargetInfo info = target.describe();
            Instant preparing = Instant.now();
            try {
                prepare(plan, spec, target);
            } catch (TargetException e) {
                return failedPreparation(plan, spec.stopSignal(), info, preparing, e);
            }
            Instant start = Instant.now();
            spec.stopSignal().phase(StopSignal.Phase.RUNNING);
            Engine.Outcome out = new Engine(workload, target, groups, plan.options(), spec.progress(), spec.stopSignal()).run();
            Instant end = Instant.now();
            RunTotals t = out.measurements().totals();
            spec.stopSignal().phase(StopSignal.Phase.FINISHING);
            // credentials refused mid-run (revoked, expired): asking again would only be refused again
            boolean refused = out.failure() != null && out.failure().kind() == TargetException.Kind.AUTHENTICATION;
            if (plan.options().verify() && !refused) {
                spec.progress().onPhase("verifying what the target holds");
            }
            Verifier.Checked checked = refused ? new Verifier.Checked(plan.options().verify() ? Verification.failed(t.rows(),
                    -1, "the target refused the credentials during the run") : Verification.skipped("--verify not set"), -1)
                    : Verifier.check(workload, target, t, plan.options(), spec.stopSignal(), plan.sharding().shard());
            return measured(plan, info, start, end, out, checked, spec.stopSignal());
        }
    }

    /**
     * Everything before the measured run: the shard barrier, the workload's preparation (its steps redone after a
     * lost connection, its load run by the engine's workers: {@link Preparation}) and {@code --start-at}.
     */
    private static void prepare(Plan plan, RunSpec spec, TargetAdapter target) throws TargetException {
        Shard shard = plan.sharding().shard();
        Workload workload = plan.workload();
        ShardBarrier barrier = ShardBarrier.of(target, shard);
        if (barrier != null && !shard.prepares()) {
            spec.progress().onPhase("shard " + shard + ": waiting for shard 0 to prepare (up to --schema-wait "
                    + plan.settings().string("schema-wait") + ")");
            barrier.await(plan.sharding().schemaWait(), plan.settings().string("schema-wait"), spec.stopSignal(),
                    workload.describe().containsKey("table") ? "table " + workload.describe().get("table")
                            : "workload " + plan.wp().id());
        } else if (barrier != null) {
            barrier.clear();
        }
        workload.prepare(target, new Preparation(target, plan.options(), spec.progress(), spec.stopSignal()));
        if (barrier != null && shard.prepares()) {
            barrier.mark();
        }
        StartAt.await(plan.sharding().startAt(), spec.progress(), spec.stopSignal());
    }

    /** The result of a run that got through its preparation: what the engine measured and the checks found. */
    private static RunResult measured(Plan plan, TargetInfo info, Instant start, Instant end, Engine.Outcome out,
                                      Verifier.Checked checked, StopSignal stop) {
        RunTotals t = out.measurements().totals();
        List<GroupResult> groupResults = new ArrayList<>();
        for (WorkerGroup g : plan.groups()) {
            groupResults.add(new GroupResult(g.name(), GroupState.describe(g.load()), g.workers(),
                    Totals.of(out.measurements().totals(g.name()), out.groupSeconds().get(g.name())),
                    out.pacing().get(g.name())));
        }
        String failure = out.usageFailure() != null ? out.usageFailure().getMessage()
                : out.failure() != null ? out.failure().getMessage()
                : out.abandoned() > 0 ? out.abandoned() + " workers did not return after they were cancelled"
                : measuredNothing(plan, out, t) ? "nothing was measured: no operation started before --duration "
                        + plan.settings().string("duration") + " ended" + (plan.options().rate() > 0 ? " (under --rate"
                        + " a batch falls due when the last of its rows does: raise --duration or --rate, or write"
                        + " smaller batches)" : "") : null;
        return common(plan, info, start, end)
                .totals(Totals.of(t, out.elapsedSeconds()))
                .groups(groupResults)
                .operations(out.measurements().operationStats())
                .intervals(out.intervals())
                .errors(out.measurements().errorSummaries())
                .verification(checked.verification())
                .storedBytes(checked.storedBytes())
                .answers(plan.workload().answers())
                .plans(plan.workload().plans())
                .warmup(out.warmup() == null ? null : Totals.of(out.warmup().totals(), out.warmup().seconds()))
                .figures(plan.workload().figures(out.measurements().completedByType(), out.elapsedSeconds()))
                .harnessCpuSeconds(out.cpuSeconds())
                .resources(HostUsage.over(out.intervals(), info.endpoint(), out.cpuSeconds(), t.rows(), t.operations()))
                .stopReason(out.stopReason().name())
                .failure(failure)
                .failedPhase(failure == null ? null : PHASE_RUN)
                .exitCode(failure != null && out.failure() == null && out.usageFailure() == null && stop.requested() == null
                        ? 1 : exitCode(out, t, checked.verification(), stop))
                .build();
    }

    /**
     * The result of a run whose preparation failed (the target lost beyond --reconnect-timeout while loading, a
     * load that could not finish): nothing was measured, but what the preparation did (rows loaded so far) is
     * kept in the workload's facts, and the failure says where it came.
     */
    private static RunResult failedPreparation(Plan plan, StopSignal stop, TargetInfo info, Instant begun,
                                               TargetException e) {
        boolean stopped = stop.isRequested();
        return common(plan, info, begun, Instant.now())
                .totals(Totals.of(RunTotals.ZERO, 0))
                .groups(List.of())
                .operations(List.of())
                .intervals(List.of())
                .errors(List.of())
                .verification(Verification.skipped("the preparation " + (stopped ? "was stopped" : "failed")
                        + ": nothing was run to check"))
                .stopReason(stopped ? StopReason.INTERRUPTED.name() : StopReason.ABORTED.name())
                .failure("preparing the run failed: " + e.getMessage())
                .failedPhase(PHASE_PREPARE)
                .exitCode(stopped ? stop.requested().exitCode() : setupExitCode(e))
                .build();
    }

    /** What every result of a plan holds, whether it was measured or not. */
    private static RunResult.Builder common(Plan plan, TargetInfo info, Instant start, Instant end) {
        return RunResult.builder()
                .runId(runId(start, plan.tp().id(), plan.wp().id()))
                .harnessVersion(Version.harness())
                .gitCommit(Version.gitCommit())
                .seed(plan.options().seed())
                .target(plan.tp().id())
                .workload(plan.wp().id())
                .start(start)
                .end(end)
                .options(plan.settings().masked())
                .targetInfo(info)
                .workloadInfo(plan.workload().describe())
                .host(HostInfo.current())
                .loadModel(describe(plan.groups()))
                .workers(plan.groups().stream().mapToInt(WorkerGroup::workers).sum())
                .label(plan.options().label())
                .shard(plan.sharding().shard());
    }

    /**
     * A run that ended at its --duration without one operation started, though its workers had work (a rate so
     * low that the first batch falls due after the end): it measured nothing, which is no success.
     */
    private static boolean measuredNothing(Plan plan, Engine.Outcome out, RunTotals t) {
        boolean hadWork = plan.groups().stream().anyMatch(g -> g.plannedOperations().orElse(1) > 0
                && g.plannedRows().orElse(1) > 0);
        return out.stopReason() == StopReason.DURATION && hadWork && t.operations() == 0 && t.cutOff() == 0
                && t.timeouts() == 0;
    }

    /** {@link RunResult#failedPhase()}: the failure came before the measured run, or during it. */
    public static final String PHASE_PREPARE = "prepare";
    public static final String PHASE_RUN = "run";

    /**
     * The exit code of a run that could not get going: the target unreachable, refusing the credentials or not
     * answering in time (3); refusing the preparation, e.g. no right to create the table (2: a setting to change).
     */
    public static int setupExitCode(TargetException e) {
        return switch (e.kind()) {
            case UNREACHABLE, AUTHENTICATION, TIMEOUT -> 3;
            default -> 2;
        };
    }

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
