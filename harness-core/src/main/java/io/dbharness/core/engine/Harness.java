package io.dbharness.core.engine;

import io.dbharness.core.api.Capability;
import io.dbharness.core.api.Counts;
import io.dbharness.core.api.Shard;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetInfo;
import io.dbharness.core.api.TargetProvider;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.Verification;
import io.dbharness.core.api.WorkerGroup;
import io.dbharness.core.api.Workload;
import io.dbharness.core.api.WorkloadProvider;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.config.ShardOptions;
import io.dbharness.core.result.ProgressListener;
import io.dbharness.core.result.RunResult;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The library entry point: {@code RunResult r = Harness.run(RunSpec.builder().target("postgres")...build());}
 *
 * <p>Throws {@link UsageException} for bad options (exit code 2) and {@link TargetException} when the
 * target cannot be reached or refuses the credentials (exit code 3). Once the target is open, whatever happens
 * ends in a result: failures during the run are counted in it, and a preparation that fails (a load cut off by a
 * server that does not come back) gives a result whose {@code failedPhase} is {@code PREPARE}.
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

    /**
     * The options' values alone, before the target's own check (which asks for a server): a tool translating
     * another command line says a bad value before what its combination of flags lacks.
     */
    public static void checkValues(RunSpec spec, Registry registry) {
        values(spec, registry);
    }

    private static Plan plan(RunSpec spec, Registry registry) {
        Plan p = values(spec, registry); // the values first: a bad --tag-num is said before the target asks for a server
        p.tp().check(p.settings());
        requireCapabilities(p.tp(), p.wp());
        return p;
    }

    /** The options resolved and checked, the workload made from them: all but the target's own check. */
    private static Plan values(RunSpec spec, Registry registry) {
        TargetProvider tp = registry.target(spec.target());
        WorkloadProvider wp = registry.workload(spec.workload());
        refuseForeignOptions(registry, tp, wp, spec.options().keySet());
        Settings settings = Settings.resolve(allOptions(tp, wp), spec.options(), spec.environment());
        RunOptions options = RunOptions.from(settings);
        ShardOptions sharding = ShardOptions.from(settings, spec.environment(), tp.id() + "/" + wp.id());
        Workload workload = wp.create(settings, sharding.shard());
        List<WorkerGroup> groups = workload.groups(options.loadModel(sharding.count()));
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
        int connections = Math.max(groups.stream().mapToInt(WorkerGroup::workers).sum() * workload.connectionsPerWorker(),
                workload.prepareConnections());
        // the server hosts first: one that cannot be sampled is refused before the target is touched
        try (ServerHosts hosts = ServerHosts.open(plan.settings());
             TargetAdapter target = plan.tp().open(plan.settings(), connections)) {
            // read before the run: a server that goes away later still has its version in the result
            TargetInfo info = target.describe();
            Instant preparing = Instant.now();
            try {
                prepare(plan, spec, target);
            } catch (TargetException e) {
                return RunResults.failedPreparation(plan, spec.stopSignal(), info, preparing, e);
            }
            Instant start = Instant.now();
            String runId = RunResults.runId(start, plan.tp().id(), plan.wp().id());
            spec.progress().onStage(ProgressListener.Stage.MEASURE, runId);
            spec.stopSignal().phase(StopSignal.Phase.RUNNING);
            Engine.Outcome out = new Engine(workload, target, groups, plan.options(), spec.progress(), spec.stopSignal())
                    .sampling(hosts).run();
            Instant end = Instant.now();
            Counts t = out.measurements().totals();
            spec.stopSignal().phase(StopSignal.Phase.FINISHING);
            // credentials refused mid-run (revoked, expired): asking again would only be refused again
            TargetException.Kind failed = out.failure() == null ? null : out.failure().kind();
            boolean refused = failed == TargetException.Kind.AUTHENTICATION;
            if (plan.options().verify() && !refused) {
                spec.progress().onStage(ProgressListener.Stage.VERIFY, runId);
                spec.progress().onPhase("verifying what the target holds");
            }
            Verifier.Checked checked = refused ? new Verifier.Checked(plan.options().verify() ? Verification.unchecked(t.rows(),
                    "the rows were not checked: the target refused the credentials during the run")
                    : Verification.skipped("--verify not set"), java.util.OptionalLong.empty())
                    : Verifier.check(workload, target, t, plan.options(), spec.stopSignal(), plan.sharding().shard(),
                            failed == TargetException.Kind.UNREACHABLE, spec.progress()::onPhase);
            return RunResults.measured(plan, info, start, end, runId, out, checked, spec.stopSignal());
        }
    }

    /**
     * Everything before the measured run: the shard barrier, the workload's preparation (its steps redone after a
     * lost connection, its load run by the engine's workers: {@link Preparation}) and {@code --start-at}.
     */
    private static void prepare(Plan plan, RunSpec spec, TargetAdapter target) throws TargetException {
        spec.progress().onStage(ProgressListener.Stage.PREPARE, null);
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

    /** An option of another target or workload gets a message that says whose it is. */
    private static void refuseForeignOptions(Registry registry, TargetProvider tp, WorkloadProvider wp,
                                             java.util.Set<String> given) {
        java.util.Set<String> own = new java.util.HashSet<>();
        allOptions(tp, wp).forEach(d -> own.add(d.name()));
        for (String name : given) {
            if (own.contains(name)) {
                continue;
            }
            List<TargetProvider> owners = registry.targets().stream()
                    .filter(o -> o.options().stream().anyMatch(d -> d.name().equals(name))).toList();
            // another target's server option: the user wants this target's, which has its own name
            String instead = owners.stream().anyMatch(o -> o.serverOption().equals(java.util.Optional.of(name)))
                    ? tp.serverOption().map(s -> ": for " + tp.id() + " use --" + s).orElse("") : "";
            refuseOwned(name, "target", tp.id(), owners.stream().map(TargetProvider::id).toList(), instead);
            refuseOwned(name, "workload", wp.id(), registry.workloads().stream()
                    .filter(o -> o.options().stream().anyMatch(d -> d.name().equals(name))).map(WorkloadProvider::id).toList(), "");
        }
    }

    /** {@code --url is an option of targets 'mogdb', 'postgres', not of 'noop'}; nothing when no one owns it. */
    private static void refuseOwned(String name, String kind, String current, List<String> owners, String instead) {
        if (!owners.isEmpty()) {
            throw new UsageException("--" + name + " is an option of " + kind + (owners.size() > 1 ? "s " : " ")
                    + owners.stream().map(o -> "'" + o + "'").collect(java.util.stream.Collectors.joining(", "))
                    + ", not of '" + current + "'" + instead, name);
        }
    }

    /** Every option the pair understands: engine, target and workload. */
    public static List<OptionDef> allOptions(TargetProvider tp, WorkloadProvider wp) {
        List<OptionDef> all = new ArrayList<>(RunOptions.OPTIONS);
        all.addAll(tp.options());
        all.addAll(wp.options());
        return all;
    }
}
