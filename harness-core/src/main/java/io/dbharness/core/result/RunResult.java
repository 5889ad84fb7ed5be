package io.dbharness.core.result;

import io.dbharness.core.api.AnswerDigest;
import io.dbharness.core.api.Shard;
import io.dbharness.core.api.TargetInfo;
import io.dbharness.core.api.Verification;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Everything one run produced; self-describing so reports can be made from it alone.
 *
 * @param options      every resolved option, secrets masked
 * @param workloadInfo what the workload recorded (DDL, table, generator settings)
 * @param loadModel    the groups' load models in words, e.g. {@code closed, 2 workers}
 * @param workers      workers of all groups
 * @param totals       all groups together
 * @param stopReason   COMPLETED, DURATION, INTERRUPTED or ABORTED
 * @param storedBytes  bytes the target stores for the data, -1 when it cannot tell
 * @param answers      query answers kept for comparison between runs (query workloads)
 * @param plans        each query's plan by name ({@code --explain})
 * @param warmup       what the workers did during the workload's warm-up, before the measured run; null without one
 * @param figures      the workload's headline figures over the measured run (TPC-C's tpmC), names carrying units
 * @param label        what the run is called in reports ({@code --label}: {@code default}, {@code tuned}...), null when unset
 * @param resources    the client host's resource use over the measured run, null where /proc cannot be read
 * @param harnessCpuSeconds CPU time the harness process used during the measured run (its own cost: an embedded
 *                     server runs in other processes), -1 when unknown
 * @param failure      the message that aborted the run, null otherwise
 * @param failedPhase  where the failure came: {@code prepare} (creating, cleaning or loading the data before the
 *                     measured run; nothing was measured) or {@code run}; null without a failure
 * @param exitCode     the process's exit code for this run: 0 ok, 1 errors or failed verification, 2 bad
 *                     usage found during the run, 3 target lost beyond the reconnect budget or credentials
 *                     refused, 130/143/129 stopped by SIGINT/SIGTERM/SIGHUP
 * @param shard        which shard of a run split across processes this is ({@code --shard}), null when unsharded
 */
public record RunResult(String runId, String harnessVersion, String gitCommit, long seed, String target,
                        String workload, Instant start, Instant end, Map<String, String> options,
                        TargetInfo targetInfo, Map<String, String> workloadInfo, HostInfo host, String loadModel,
                        int workers, Totals totals, List<GroupResult> groups, List<OperationStats> operations,
                        List<IntervalSample> intervals, List<ErrorSummary> errors, Verification verification,
                        long storedBytes, List<AnswerDigest> answers, Map<String, String> plans, Totals warmup,
                        Map<String, Double> figures, double harnessCpuSeconds, String label, ResourceUsage resources,
                        String stopReason, String failure, String failedPhase, int exitCode, Shard shard) {

    public RunResult {
        answers = answers == null ? List.of() : List.copyOf(answers);
        plans = plans == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(plans));
        figures = figures == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(figures));
    }

    /** {@link #failedPhase()} of a failure before the measured run: creating, cleaning or loading the data. */
    public static final String PHASE_PREPARE = "prepare";
    /** {@link #failedPhase()} of a failure during the measured run. */
    public static final String PHASE_RUN = "run";

    /** The same result with another exit code: the process's, when something after the run failed. */
    public RunResult withExitCode(int code) {
        return toBuilder().exitCode(code).build();
    }

    /** The target server's account of the run, null without one (no telemetry, or a result written before it). */
    public ServerUsage serverUsage() {
        return resources == null ? null : resources.server();
    }

    /**
     * Bytes written per stored byte, or -1 when the target cannot tell, or when this is one shard of several (the
     * table holds every shard's rows: the merged result has the ratio).
     */
    public double compressionRatio() {
        return storedBytes > 0 && !io.dbharness.core.api.Shard.split(shard) ? (double) totals.counts().bytes() / storedBytes : -1;
    }

    /** A builder with every field unset (null, 0); {@link #toBuilder()} starts from a result. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this result's fields, to change some of them. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.runId = runId;
        b.harnessVersion = harnessVersion;
        b.gitCommit = gitCommit;
        b.seed = seed;
        b.target = target;
        b.workload = workload;
        b.start = start;
        b.end = end;
        b.options = options;
        b.targetInfo = targetInfo;
        b.workloadInfo = workloadInfo;
        b.host = host;
        b.loadModel = loadModel;
        b.workers = workers;
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
        b.harnessCpuSeconds = harnessCpuSeconds;
        b.label = label;
        b.resources = resources;
        b.stopReason = stopReason;
        b.failure = failure;
        b.failedPhase = failedPhase;
        b.exitCode = exitCode;
        b.shard = shard;
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
        private Map<String, String> workloadInfo;
        private HostInfo host;
        private String loadModel;
        private int workers;
        private Totals totals;
        private List<GroupResult> groups;
        private List<OperationStats> operations;
        private List<IntervalSample> intervals;
        private List<ErrorSummary> errors;
        private Verification verification;
        private long storedBytes = -1;
        private List<AnswerDigest> answers;
        private Map<String, String> plans;
        private Totals warmup;
        private Map<String, Double> figures;
        private double harnessCpuSeconds = -1;
        private String label;
        private ResourceUsage resources;
        private String stopReason;
        private String failure;
        private String failedPhase;
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

        public Builder workloadInfo(Map<String, String> workloadInfo) {
            this.workloadInfo = workloadInfo;
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

        public Builder storedBytes(long storedBytes) {
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

        public Builder harnessCpuSeconds(double harnessCpuSeconds) {
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

        public Builder stopReason(String stopReason) {
            this.stopReason = stopReason;
            return this;
        }

        public Builder failure(String failure) {
            this.failure = failure;
            return this;
        }

        public Builder failedPhase(String failedPhase) {
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
            return new RunResult(runId, harnessVersion, gitCommit, seed, target, workload, start, end, options,
                    targetInfo, workloadInfo, host, loadModel, workers, totals, groups, operations, intervals, errors,
                    verification, storedBytes, answers, plans, warmup, figures, harnessCpuSeconds, label, resources,
                    stopReason, failure, failedPhase, exitCode, shard);
        }
    }
}
