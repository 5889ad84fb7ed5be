package io.dbharness.core.result;

import io.dbharness.core.api.AnswerDigest;
import io.dbharness.core.api.Shard;
import io.dbharness.core.api.TargetInfo;
import io.dbharness.core.api.Verification;
import io.dbharness.core.api.WorkloadFacts;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Everything one run produced, in sections; self-describing so reports can be made from it alone. The shortcuts
 * ({@link #runId()}, {@link #stopReason()}...) read the sections' most used fields.
 *
 * @param run           which run this is: id, versions, seed, target, workload, label, shard, start and end, options
 * @param outcome       how it ended: stop reason, failure, failed phase, exit code
 * @param totals        all groups together
 * @param warmup        what the workers did during the workload's warm-up, before the measured run; null without one
 * @param groups        each group of workers
 * @param operations    counters and latencies per group and operation type
 * @param intervals     the measured run, one sample per progress interval
 * @param errors        failures by class
 * @param verification  what {@code --verify} found
 * @param host          where the harness ran
 * @param resources     the client host's resource use over the measured run (the target server's account in it),
 *                      null where /proc cannot be read
 * @param harnessCpuSeconds CPU time the harness process used during the measured run (its own cost: an embedded
 *                      server runs in other processes), empty when unknown
 * @param storedBytes   bytes the target stores for the data at the end, empty when it cannot tell
 * @param workloadFacts what the workload declared about its run: data loaded before it, notes, details (DDL, table)
 * @param answers       query answers kept for comparison between runs (query workloads)
 * @param plans         each query's plan by name ({@code --explain})
 * @param figures       the workload's headline figures over the measured run (TPC-C's tpmC), names carrying units
 * @param metricsPush   what {@code --metrics-push} did (failed pushes, points dropped), null without it
 */
public record RunResult(RunInfo run, Outcome outcome, Totals totals, Totals warmup, List<GroupResult> groups,
                        List<OperationStats> operations, List<IntervalSample> intervals, List<ErrorSummary> errors,
                        Verification verification, HostInfo host, ResourceUsage resources,
                        OptionalDouble harnessCpuSeconds, OptionalLong storedBytes, WorkloadFacts workloadFacts,
                        List<AnswerDigest> answers, Map<String, String> plans, Map<String, Double> figures,
                        MetricsPush metricsPush) {

    public RunResult {
        harnessCpuSeconds = harnessCpuSeconds == null ? OptionalDouble.empty() : harnessCpuSeconds;
        storedBytes = storedBytes == null ? OptionalLong.empty() : storedBytes;
        workloadFacts = workloadFacts == null ? WorkloadFacts.NONE : workloadFacts;
        answers = answers == null ? List.of() : List.copyOf(answers);
        plans = plans == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(plans));
        figures = figures == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(figures));
    }

    public String runId() {
        return run.id();
    }

    public String harnessVersion() {
        return run.harnessVersion();
    }

    public String gitCommit() {
        return run.gitCommit();
    }

    public long seed() {
        return run.seed();
    }

    public String target() {
        return run.target();
    }

    public TargetInfo targetInfo() {
        return run.targetInfo();
    }

    public String workload() {
        return run.workload();
    }

    public String label() {
        return run.label();
    }

    public Shard shard() {
        return run.shard();
    }

    public Instant start() {
        return run.start();
    }

    public Instant end() {
        return run.end();
    }

    public Map<String, String> options() {
        return run.options();
    }

    public String loadModel() {
        return run.loadModel();
    }

    public int workers() {
        return run.workers();
    }

    public StopReason stopReason() {
        return outcome.stopReason();
    }

    public String failure() {
        return outcome.failure();
    }

    public Outcome.Phase failedPhase() {
        return outcome.failedPhase();
    }

    public int exitCode() {
        return outcome.exitCode();
    }

    /** The same result with another exit code: the process's, when something after the run failed. */
    public RunResult withExitCode(int code) {
        return toBuilder().exitCode(code).build();
    }

    /** The target server's account of the run, null without one (no telemetry, or a result written before it). */
    public ServerUsage serverUsage() {
        return resources == null ? null : resources.server();
    }

    /**
     * Bytes written per stored byte; empty when the target cannot tell, or when this is one shard of several (the
     * table holds every shard's rows: the merged result has the ratio).
     */
    public OptionalDouble compressionRatio() {
        return storedBytes.isPresent() && storedBytes.getAsLong() > 0 && !Shard.split(run.shard())
                ? OptionalDouble.of((double) totals.counts().bytes() / storedBytes.getAsLong()) : OptionalDouble.empty();
    }

    /** A builder with every field unset (null, 0); {@link #toBuilder()} starts from a result. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this result's fields, to change some of them. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.runId = run.id();
        b.harnessVersion = run.harnessVersion();
        b.gitCommit = run.gitCommit();
        b.seed = run.seed();
        b.target = run.target();
        b.workload = run.workload();
        b.start = run.start();
        b.end = run.end();
        b.options = run.options();
        b.targetInfo = run.targetInfo();
        b.loadModel = run.loadModel();
        b.workers = run.workers();
        b.label = run.label();
        b.shard = run.shard();
        b.stopReason = outcome.stopReason();
        b.failure = outcome.failure();
        b.failedPhase = outcome.failedPhase();
        b.exitCode = outcome.exitCode();
        b.workloadFacts = workloadFacts;
        b.host = host;
        b.totals = totals;
        b.groups = groups;
        b.operations = operations;
        b.intervals = intervals;
        b.errors = errors;
        b.verification = verification;
        b.storedBytes = storedBytes;
        b.answers = answers;
        b.plans = plans;
        b.warmup = warmup;
        b.figures = figures;
        b.metricsPush = metricsPush;
        b.harnessCpuSeconds = harnessCpuSeconds;
        b.resources = resources;
        return b;
    }

    /** Builds a {@link RunResult} by field name, so adding a field touches the record, this and its fillers. */
    public static final class Builder {
        private String runId;
        private String harnessVersion;
        private String gitCommit;
        private long seed;
        private String target;
        private String workload;
        private Instant start;
        private Instant end;
        private Map<String, String> options;
        private TargetInfo targetInfo;
        private WorkloadFacts workloadFacts;
        private HostInfo host;
        private String loadModel;
        private int workers;
        private Totals totals;
        private List<GroupResult> groups;
        private List<OperationStats> operations;
        private List<IntervalSample> intervals;
        private List<ErrorSummary> errors;
        private Verification verification;
        private OptionalLong storedBytes = OptionalLong.empty();
        private List<AnswerDigest> answers;
        private Map<String, String> plans;
        private Totals warmup;
        private Map<String, Double> figures;
        private MetricsPush metricsPush;
        private OptionalDouble harnessCpuSeconds = OptionalDouble.empty();
        private String label;
        private ResourceUsage resources;
        private StopReason stopReason;
        private String failure;
        private Outcome.Phase failedPhase;
        private int exitCode;
        private Shard shard;

        private Builder() {
        }

        public Builder runId(String runId) {
            this.runId = runId;
            return this;
        }

        public Builder harnessVersion(String harnessVersion) {
            this.harnessVersion = harnessVersion;
            return this;
        }

        public Builder gitCommit(String gitCommit) {
            this.gitCommit = gitCommit;
            return this;
        }

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        public Builder target(String target) {
            this.target = target;
            return this;
        }

        public Builder workload(String workload) {
            this.workload = workload;
            return this;
        }

        public Builder start(Instant start) {
            this.start = start;
            return this;
        }

        public Builder end(Instant end) {
            this.end = end;
            return this;
        }

        public Builder options(Map<String, String> options) {
            this.options = options;
            return this;
        }

        public Builder targetInfo(TargetInfo targetInfo) {
            this.targetInfo = targetInfo;
            return this;
        }

        public Builder workloadFacts(WorkloadFacts workloadFacts) {
            this.workloadFacts = workloadFacts;
            return this;
        }

        public Builder host(HostInfo host) {
            this.host = host;
            return this;
        }

        public Builder loadModel(String loadModel) {
            this.loadModel = loadModel;
            return this;
        }

        public Builder workers(int workers) {
            this.workers = workers;
            return this;
        }

        public Builder totals(Totals totals) {
            this.totals = totals;
            return this;
        }

        public Builder groups(List<GroupResult> groups) {
            this.groups = groups;
            return this;
        }

        public Builder operations(List<OperationStats> operations) {
            this.operations = operations;
            return this;
        }

        public Builder intervals(List<IntervalSample> intervals) {
            this.intervals = intervals;
            return this;
        }

        public Builder errors(List<ErrorSummary> errors) {
            this.errors = errors;
            return this;
        }

        public Builder verification(Verification verification) {
            this.verification = verification;
            return this;
        }

        public Builder storedBytes(OptionalLong storedBytes) {
            this.storedBytes = storedBytes;
            return this;
        }

        public Builder answers(List<AnswerDigest> answers) {
            this.answers = answers;
            return this;
        }

        public Builder plans(Map<String, String> plans) {
            this.plans = plans;
            return this;
        }

        public Builder warmup(Totals warmup) {
            this.warmup = warmup;
            return this;
        }

        public Builder figures(Map<String, Double> figures) {
            this.figures = figures;
            return this;
        }

        public Builder metricsPush(MetricsPush metricsPush) {
            this.metricsPush = metricsPush;
            return this;
        }

        public Builder harnessCpuSeconds(OptionalDouble harnessCpuSeconds) {
            this.harnessCpuSeconds = harnessCpuSeconds;
            return this;
        }

        public Builder label(String label) {
            this.label = label;
            return this;
        }

        public Builder resources(ResourceUsage resources) {
            this.resources = resources;
            return this;
        }

        public Builder stopReason(StopReason stopReason) {
            this.stopReason = stopReason;
            return this;
        }

        public Builder failure(String failure) {
            this.failure = failure;
            return this;
        }

        public Builder failedPhase(Outcome.Phase failedPhase) {
            this.failedPhase = failedPhase;
            return this;
        }

        public Builder exitCode(int exitCode) {
            this.exitCode = exitCode;
            return this;
        }

        public Builder shard(Shard shard) {
            this.shard = shard;
            return this;
        }

        public RunResult build() {
            return new RunResult(new RunInfo(runId, harnessVersion, gitCommit, seed, target, targetInfo, workload, label,
                    shard, start, end, options, loadModel, workers), new Outcome(stopReason, failure, failedPhase, exitCode),
                    totals, warmup, groups, operations, intervals, errors, verification, host, resources,
                    harnessCpuSeconds, storedBytes, workloadFacts, answers, plans, figures, metricsPush);
        }
    }
}
