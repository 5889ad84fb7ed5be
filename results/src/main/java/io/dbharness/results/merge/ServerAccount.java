package io.dbharness.results.merge;

import io.dbharness.core.result.ResourceUsage;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerUsage;
import io.dbharness.core.result.Totals;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The merged run's account from the target server. Every part read the same server, whose figures are the
 * server's (counters, sizes) or its sessions' of the harness (waits, by application name), so adding the parts'
 * accounts would count the same work once per part. The merged result takes the account of the part that ended
 * last (its last reading came after every other part had finished and published its counters), says which, and
 * measures the storage from the smallest size a part saw at its start to the largest at its end, over the rows of
 * every part (which all measured at one time with it: {@link ShardCheck}). Parts that ran against different servers
 * have no one account, and none is carried.
 */
final class ServerAccount {

    /** The label of the merged result's note (a line the summary shows) saying whose account it carries. */
    static final String NOTE_KEY = "server account";

    private ServerAccount() {
    }

    /** The part whose account the merged run carries, or why there is none. */
    record Choice(int part, String note) {
    }

    static Choice choose(List<RunResult> parts, List<Window> windows) {
        int best = -1;
        for (int i = 0; i < parts.size(); i++) {
            if (parts.get(i).serverUsage() == null) {
                continue;
            }
            if (best < 0 || windows.get(i).endSeconds() > windows.get(best).endSeconds()
                    || windows.get(i).endSeconds() == windows.get(best).endSeconds()
                    && windows.get(i).seconds() > windows.get(best).seconds()) {
                best = i;
            }
        }
        if (best < 0) {
            return new Choice(-1, null);
        }
        RunResult from = parts.get(best);
        for (RunResult r : parts) {
            if (!Objects.equals(endpoint(r), endpoint(from))) {
                return new Choice(-1, "none: the parts ran against different servers (" + endpoint(from) + ", "
                        + endpoint(r) + "); each part's is in its own result");
            }
        }
        return new Choice(best, "as run " + from.runId() + " (shard " + from.shard().index() + " of "
                + from.shard().count() + ") read it, the part that ended last: every part's work in its window");
    }

    /**
     * The merged run's resources: no host figures (each part's machine stays in the part), the chosen part's
     * server account with the storage over every part's rows; none when {@code choice} has no part.
     *
     * @param missing why the storage per row cannot be had (shards missing), or null
     */
    static ResourceUsage resources(List<RunResult> parts, Choice choice, Totals totals, String missing) {
        if (choice.part() < 0) {
            return null;
        }
        RunResult from = parts.get(choice.part());
        ServerUsage s = from.serverUsage();
        List<ServerUsage> all = parts.stream().map(RunResult::serverUsage).filter(Objects::nonNull).toList();
        long start = all.stream().mapToLong(ServerUsage::storedBytesStart).filter(b -> b >= 0).min().orElse(-1);
        long end = all.stream().mapToLong(ServerUsage::storedBytesEnd).filter(b -> b >= 0).max().orElse(-1);
        long growth = start >= 0 && end >= 0 ? end - start : -1;
        // a shard could not say bytes per row (its rows are a part of the growth); the merged run can, if whole
        Map<String, String> unavailable = new TreeMap<>(s.unavailable());
        unavailable.remove("bytes_per_row");
        ServerUsage merged = new ServerUsage(s.waitSource(), s.waitSamples(), s.waits(), s.counters(), s.gauges(),
                start, end, growth > 0 && totals.counts().rows() > 0 ? (double) growth / totals.counts().rows() : -1,
                growth > 0 && totals.counts().points() > 0 ? (double) growth / totals.counts().points() : -1, s.pointsWritten(),
                s.statements(), unavailable, all.stream().mapToDouble(ServerUsage::costCpuSeconds).sum(),
                all.stream().mapToDouble(ServerUsage::costQuerySeconds).sum(), s.gaps(), s.partial(), s.metrics());
        if (missing != null) {
            merged = merged.withoutStorageRatios(missing);
        }
        return new ResourceUsage("no host figures: each part's machine is in its own result",
                from.resources().targetOnHost(), null, null, java.util.OptionalDouble.empty(),
                java.util.OptionalDouble.empty(), merged);
    }

    private static String endpoint(RunResult r) {
        return r.targetInfo() == null ? null : r.targetInfo().endpoint();
    }
}
