package io.dbharness.core.result;

import io.dbharness.core.api.TargetInfo;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Everything one run produced; self-describing so reports can be made from it alone.
 *
 * @param options      every resolved option, secrets masked
 * @param workloadInfo what the workload recorded (DDL, table, generator settings)
 * @param stopReason   COMPLETED, DURATION, INTERRUPTED or ABORTED
 * @param storedBytes  bytes the target stores for the data, -1 when it cannot tell
 * @param pacing       null in the closed model
 * @param failure      the message that aborted the run, null otherwise
 */
public record RunResult(String runId, String harnessVersion, String gitCommit, long seed, String target,
                        String workload, Instant start, Instant end, Map<String, String> options,
                        TargetInfo targetInfo, Map<String, String> workloadInfo, HostInfo host, String loadModel,
                        int workers, Totals totals, List<OperationStats> operations, List<IntervalSample> intervals,
                        List<ErrorSummary> errors, Verification verification, long storedBytes, Pacing pacing,
                        String stopReason, String failure) {

    /** Bytes written per stored byte, or -1 when the target cannot tell. */
    public double compressionRatio() {
        return storedBytes > 0 ? (double) totals.bytes() / storedBytes : -1;
    }

    /** Exit code a script can trust: 0 ok, 1 errors or failed verification, 3 target lost. */
    public int exitCode() {
        if ("UNREACHABLE".equals(failureKind())) {
            return 3;
        }
        boolean bad = totals.errors() > 0 || (verification != null && verification.isFailed()) || failure != null;
        return bad ? 1 : 0;
    }

    private String failureKind() {
        return errors.stream().filter(e -> e.kind().equals("UNREACHABLE") || e.kind().equals("AUTHENTICATION"))
                .findFirst().map(e -> "UNREACHABLE").orElse("");
    }
}
