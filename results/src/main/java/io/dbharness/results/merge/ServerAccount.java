package io.dbharness.results.merge;

import io.dbharness.core.result.ResourceUsage;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerUsage;
import io.dbharness.core.result.Totals;

import java.util.List;

/**
 * The merged run's account from the target server. Every part read the same server, whose figures are the
 * server's (counters, sizes) or its sessions' of the harness (waits, by application name), so adding the parts'
 * accounts would count the same work once per part. The merged result takes one part's account, of the longest
 * measured window (the one that saw most of the parts' work), says which, and divides the storage growth by
 * the rows of every part.
 */
final class ServerAccount {

    /** The merged result's {@code workloadInfo} key (a note the summary shows) naming the part the account is from. */
    static final String NOTE_KEY = io.dbharness.core.api.Workload.NOTE + "server account";

    private ServerAccount() {
    }

    /** The index of the part whose account the merged run carries, -1 when no part has one. */
    static int part(List<RunResult> parts, List<Window> windows) {
        int best = -1;
        for (int i = 0; i < parts.size(); i++) {
            if (server(parts.get(i)) != null && (best < 0 || windows.get(i).seconds() > windows.get(best).seconds())) {
                best = i;
            }
        }
        return best;
    }

    /** The merged run's resources: no host figures (each part's machine stays in the part), the server's account. */
    static ResourceUsage resources(List<RunResult> parts, int part, Totals totals) {
        if (part < 0) {
            return null;
        }
        RunResult from = parts.get(part);
        ServerUsage s = server(from);
        long growth = s.storedBytesStart() >= 0 && s.storedBytesEnd() >= 0 ? s.storedBytesEnd() - s.storedBytesStart() : -1;
        // a shard could not say bytes per row (its rows are a part of the growth); the merged run can
        java.util.Map<String, String> unavailable = new java.util.TreeMap<>(s.unavailable());
        unavailable.remove("bytes_per_row");
        double cost = parts.stream().map(ServerAccount::server).filter(java.util.Objects::nonNull)
                .mapToDouble(ServerUsage::costCpuSeconds).sum();
        double queries = parts.stream().map(ServerAccount::server).filter(java.util.Objects::nonNull)
                .mapToDouble(ServerUsage::costQuerySeconds).sum();
        ServerUsage merged = new ServerUsage(s.waitSource(), s.waitSamples(), s.waits(), s.counters(), s.gauges(),
                s.storedBytesStart(), s.storedBytesEnd(),
                growth > 0 && totals.rows() > 0 ? (double) growth / totals.rows() : -1,
                growth > 0 && totals.points() > 0 ? (double) growth / totals.points() : -1,
                s.pointsWritten(), s.statements(), unavailable, cost, queries);
        return new ResourceUsage("no host figures: each part's machine is in its own result",
                from.resources().targetOnHost(), null, null, -1, -1, merged);
    }

    /** What the summary says of the account: whose it is, and what it covers. */
    static String note(List<RunResult> parts, int part) {
        RunResult from = parts.get(part);
        return "as run " + from.runId() + (from.shard() == null ? ""
                : " (shard " + from.shard().index() + " of " + from.shard().count() + ")")
                + " read it, over the longest of the " + parts.size() + " parts' windows: every part's work within"
                + " that window, none outside it";
    }

    private static ServerUsage server(RunResult r) {
        return r.resources() == null ? null : r.resources().server();
    }
}
