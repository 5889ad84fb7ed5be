package io.dbharness.core.engine;

import io.dbharness.core.api.Counts;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetInfo;
import io.dbharness.core.api.Verification;
import io.dbharness.core.api.WorkloadFacts;
import io.dbharness.core.api.WorkerGroup;
import io.dbharness.core.measure.HostUsage;
import io.dbharness.core.result.GroupResult;
import io.dbharness.core.result.HostInfo;
import io.dbharness.core.result.Outcome;
import io.dbharness.core.result.ResourceUsage;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerUsage;
import io.dbharness.core.result.StopReason;
import io.dbharness.core.result.Totals;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/** A run's {@link RunResult} from its plan and what happened: measured, or failed in its preparation. */
final class RunResults {

    private RunResults() {
    }

    /** The result of a run that got through its preparation: what the engine measured and the checks found. */
    static RunResult measured(Plan plan, TargetInfo info, Instant start, Instant end, String runId, Engine.Outcome out,
                                      Verifier.Checked checked, StopSignal stop) {
        Counts t = out.measurements().totals();
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
        return common(plan, info, start, end, runId)
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
                .harnessCpuSeconds(out.cpuSeconds() >= 0 ? java.util.OptionalDouble.of(out.cpuSeconds()) : java.util.OptionalDouble.empty())
                .resources(resources(out, info, t, plan.sharding().shard()))
                // a signal during the checks after the run stopped the run too: its verification was cut short
                .stopReason(stop.isRequested() && out.stopReason() != StopReason.ABORTED ? StopReason.INTERRUPTED
                        : out.stopReason())
                .failure(failure)
                .failedPhase(failure == null ? null : Outcome.Phase.RUN)
                .exitCode(failure != null && out.failure() == null && out.usageFailure() == null && stop.requested() == null
                        ? 1 : exitCode(out, t, checked, stop))
                .build();
    }

    /** The host's figures with the server's account of the run and the server hosts'; any may be missing. */
    private static ResourceUsage resources(Engine.Outcome out, TargetInfo info, Counts t,
                                           io.dbharness.core.api.Shard shard) {
        ResourceUsage r = clientAndServer(out, info, t, shard);
        if (out.serverHosts().isEmpty()) {
            return r;
        }
        if (r == null) {
            boolean onHost = HostUsage.targetOnHost(info.endpoint());
            r = new ResourceUsage("no host figures (/proc could not be read)", onHost, null, null,
                    java.util.OptionalDouble.empty(), java.util.OptionalDouble.empty());
        }
        return r.withServerHosts(out.serverHosts());
    }

    private static ResourceUsage clientAndServer(Engine.Outcome out, TargetInfo info, Counts t,
                                                 io.dbharness.core.api.Shard shard) {
        ResourceUsage host = HostUsage.over(out.intervals(), info.endpoint(), out.cpuSeconds(), t.rows(), t.operations());
        if (out.server() == null) {
            return host;
        }
        ServerUsage server = out.server();
        if (io.dbharness.core.api.Shard.split(shard)) {
            server = server.withoutStorageRatios("shard " + shard.index() + " of " + shard.count() + ": the tables grew"
                    + " by every shard's rows, not this one's; 'runner merge' divides by all of them");
        }
        if (host == null) {
            boolean onHost = HostUsage.targetOnHost(info.endpoint());
            return new ResourceUsage("no host figures (/proc could not be read)", onHost, null, null,
                    java.util.OptionalDouble.empty(), java.util.OptionalDouble.empty(), server);
        }
        return host.withServer(server);
    }

    /**
     * The result of a run whose preparation failed (the target lost beyond --reconnect-timeout while loading, a
     * load that could not finish): nothing was measured, but what the preparation did (rows loaded so far) is
     * kept in the workload's facts, and the failure says where it came.
     */
    static RunResult failedPreparation(Plan plan, StopSignal stop, TargetInfo info, Instant begun,
                                               TargetException e) {
        boolean stopped = stop.isRequested();
        return common(plan, info, begun, Instant.now(), runId(begun, plan.tp().id(), plan.wp().id()))
                .totals(Totals.of(Counts.ZERO, 0))
                .groups(List.of())
                .operations(List.of())
                .intervals(List.of())
                .errors(List.of())
                .verification(Verification.skipped("the preparation " + (stopped ? "was stopped" : "failed")
                        + ": nothing was run to check"))
                .stopReason(stopped ? StopReason.INTERRUPTED : StopReason.ABORTED)
                .failure("preparing the run failed: " + e.getMessage())
                .failedPhase(Outcome.Phase.PREPARE)
                .exitCode(stopped ? stop.requested().exitCode() : Harness.setupExitCode(e))
                .build();
    }

    /** What every result of a plan holds, whether it was measured or not. */
    static RunResult.Builder common(Plan plan, TargetInfo info, Instant start, Instant end, String runId) {
        return RunResult.builder()
                .runId(runId)
                .harnessVersion(Version.harness())
                .gitCommit(Version.gitCommit())
                .seed(plan.options().seed())
                .target(plan.tp().id())
                .workload(plan.wp().id())
                .start(start)
                .end(end)
                .options(plan.wp().recorded(plan.settings(), plan.settings().masked()))
                .targetInfo(info)
                .workloadFacts(new WorkloadFacts(plan.workload().loaded(), plan.workload().notes(), plan.workload().describe(),
                        plan.workload().freshness()))
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
    static boolean measuredNothing(Plan plan, Engine.Outcome out, Counts t) {
        boolean hadWork = plan.groups().stream().anyMatch(g -> g.plannedOperations().orElse(1) > 0
                && g.plannedRows().orElse(1) > 0);
        return out.stopReason() == StopReason.DURATION && hadWork && t.operations() == 0 && t.cutOff() == 0
                && t.timeouts() == 0;
    }

    /**
     * The process's exit code for this run. A stop request wins (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP); then bad
     * usage found mid-run (2); a target lost beyond the reconnect budget (during the run or its verification) or
     * refusing credentials (3); errors, a failed verification or one not done for another reason than an unreachable
     * target, an abort or abandoned workers (1).
     */
    static int exitCode(Engine.Outcome out, Counts t, Verifier.Checked checked, StopSignal stop) {
        Verification v = checked.verification();
        if (stop.requested() != null) { // also when it came during the checks after the run
            return stop.requested().exitCode();
        }
        if (out.usageFailure() != null) {
            return 2;
        }
        if (out.failure() != null && (out.failure().kind() == TargetException.Kind.UNREACHABLE
                || out.failure().kind() == TargetException.Kind.AUTHENTICATION) || checked.unreachable()) {
            return 3; // the verification could not reach the target: it went away after the run
        }
        // a query past --op-timeout is no error, but a run where every one of them timed out measured nothing
        boolean allTimedOut = t.timeouts() > 0 && t.operations() == 0;
        boolean warmupErrors = out.warmup() != null && out.warmup().totals().errors() > 0;
        boolean bad = t.errors() > 0 || warmupErrors || v.isFailed() || v.isUnchecked() || out.failure() != null || out.abandoned() > 0 || allTimedOut;
        return bad ? 1 : 0;
    }

    /** {@code closed, 2 workers}; with several groups {@code insert: closed, 2 workers; query: open 10 ops/s, 4 workers}. */
    static String describe(List<WorkerGroup> groups) {
        List<String> parts = new ArrayList<>();
        for (WorkerGroup g : groups) {
            String d = GroupState.describe(g.load()) + ", " + g.workers() + (g.workers() == 1 ? " worker" : " workers");
            parts.add(groups.size() == 1 ? d : g.name() + ": " + d);
        }
        return String.join("; ", parts);
    }

    static String runId(Instant start, String target, String workload) {
        String ts = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(start);
        // 32 random bits: a sweep of fast runs starts several in one second, and their files must not collide
        return ts + "-" + workload + "-" + target + "-" + String.format("%08x", ThreadLocalRandom.current().nextInt());
    }
}
