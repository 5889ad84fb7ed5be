package io.dbharness.core.engine;

import io.dbharness.core.api.Capability;
import io.dbharness.core.api.RunTotals;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetProvider;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.Workload;
import io.dbharness.core.api.WorkloadProvider;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;
import io.dbharness.core.result.HostInfo;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.Totals;
import io.dbharness.core.result.Verification;

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

    public static RunResult run(RunSpec spec, Registry registry) throws TargetException {
        TargetProvider tp = registry.target(spec.target());
        WorkloadProvider wp = registry.workload(spec.workload());
        refuseForeignOptions(registry, tp, wp, spec.options().keySet());
        Settings settings = Settings.resolve(allOptions(tp, wp), spec.options(), spec.environment());
        RunOptions options = RunOptions.from(settings);
        Workload workload = wp.create(settings);
        LoadModel load = workload.pacing(options.workers()).orElse(options.loadModel());
        if (options.rowsPerSecond() > 0 && load instanceof LoadModel.Open o && o.rowsPerSecond() != options.rowsPerSecond()) {
            throw new UsageException("--rate cannot be combined with a workload that sets its own pace (--live)");
        }

        for (Class<? extends Capability> c : wp.requires()) {
            if (!tp.capabilities().contains(c)) {
                throw new UsageException("target '" + tp.id() + "' cannot run workload '" + wp.id()
                        + "': it lacks " + c.getSimpleName());
            }
        }
        try (TargetAdapter target = tp.open(settings)) {
            workload.prepare(target);
            Instant start = Instant.now();
            Engine.Outcome out = new Engine(workload, target, load, options, spec.progress(), spec.stopSignal()).run();
            Instant end = Instant.now();
            RunTotals t = out.measurements().totals();
            Verification verification = Verification.skipped("--verify not set");
            long stored = -1;
            if (out.failure() == null || out.failure().kind() == TargetException.Kind.FATAL) {
                if (options.verify()) {
                    try {
                        verification = workload.verify(target, t);
                    } catch (TargetException e) {
                        verification = Verification.failed(t.rows(), -1, "could not check the target: " + e.getMessage());
                    }
                }
                try {
                    stored = workload.storedBytes(target).orElse(-1);
                } catch (TargetException e) {
                    stored = -1; // the size is informative; the run's outcome does not depend on it
                }
            } else if (options.verify()) {
                verification = Verification.skipped("target unreachable at the end of the run");
            }
            double secs = Math.max(1e-9, out.elapsedSeconds());
            Totals totals = new Totals(t.operations(), t.rows(), t.skippedRows(), t.points(), t.bytes(), t.errors(),
                    t.failedRows(), t.retries(), out.elapsedSeconds(), t.rows() / secs, t.points() / secs,
                    t.bytes() / secs / 1e6);
            return new RunResult(runId(start, tp.id(), wp.id()), Version.harness(), Version.gitCommit(),
                    options.seed(), tp.id(), wp.id(), start, end, settings.masked(), target.describe(),
                    workload.describe(), HostInfo.current(), describe(load), load.workers(), totals,
                    out.measurements().operationStats(), out.intervals(), out.measurements().errorSummaries(),
                    verification, stored, out.pacing(), out.stopReason().name(),
                    out.failure() == null ? null : out.failure().getMessage());
        }
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
            for (TargetProvider other : registry.targets()) {
                if (other.options().stream().anyMatch(d -> d.name().equals(name))) {
                    throw new UsageException("--" + name + " is an option of target '" + other.id()
                            + "', not of '" + tp.id() + "'");
                }
            }
            for (WorkloadProvider other : registry.workloads()) {
                if (other.options().stream().anyMatch(d -> d.name().equals(name))) {
                    throw new UsageException("--" + name + " is an option of workload '" + other.id()
                            + "', not of '" + wp.id() + "'");
                }
            }
        }
    }

    /** Every option the pair understands: engine, target and workload. */
    public static List<OptionDef> allOptions(TargetProvider tp, WorkloadProvider wp) {
        List<OptionDef> all = new ArrayList<>(RunOptions.OPTIONS);
        all.addAll(tp.options());
        all.addAll(wp.options());
        return all;
    }

    private static String describe(LoadModel load) {
        return load instanceof LoadModel.Open o ? "open " + Math.round(o.rowsPerSecond()) + " rows/s" : "closed";
    }

    private static String runId(Instant start, String target, String workload) {
        String ts = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(start);
        return ts + "-" + workload + "-" + target + "-" + String.format("%04x", ThreadLocalRandom.current().nextInt(0x10000));
    }
}
