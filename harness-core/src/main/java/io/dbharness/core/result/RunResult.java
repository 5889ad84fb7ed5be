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
                        String stopReason, String failure, int exitCode, Shard shard) {

    public RunResult {
        answers = answers == null ? List.of() : List.copyOf(answers);
        plans = plans == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(plans));
        figures = figures == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(figures));
    }

    /** The same result with another exit code: the process's, when something after the run failed. */
    public RunResult withExitCode(int code) {
        return new RunResult(runId, harnessVersion, gitCommit, seed, target, workload, start, end, options, targetInfo,
                workloadInfo, host, loadModel, workers, totals, groups, operations, intervals, errors, verification,
                storedBytes, answers, plans, warmup, figures, harnessCpuSeconds, label, resources, stopReason, failure, code, shard);
    }

    /** Bytes written per stored byte, or -1 when the target cannot tell. */
    public double compressionRatio() {
        return storedBytes > 0 ? (double) totals.bytes() / storedBytes : -1;
    }
}
