package io.dbharness.results.merge;

import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.ResourceUsage;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerHostUsage;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The merged run's server hosts ({@code --server-hosts}): one account per host, the host's and not the shard's.
 * Parts that sampled the same host read the same machine, so their figures neither add nor average: the merged run
 * takes one part's account of it, the one that sampled it to the end over the longest window (then the one that
 * ended last), and that part's samples of it in the merged intervals. A host only some parts sampled is still in.
 */
final class HostAccounts {

    private HostAccounts() {
    }

    /** Each host, in the order the parts first name them, and the part whose account the merged run carries. */
    static Map<String, Integer> choose(List<RunResult> parts, List<Window> windows) {
        Map<String, Integer> chosen = new LinkedHashMap<>();
        for (int i = 0; i < parts.size(); i++) {
            for (ServerHostUsage h : hosts(parts.get(i))) {
                Integer best = chosen.get(h.host());
                if (best == null || better(h, windows.get(i), account(parts.get(best), h.host()), windows.get(best))) {
                    chosen.put(h.host(), i);
                }
            }
        }
        return chosen;
    }

    private static boolean better(ServerHostUsage a, Window wa, ServerHostUsage b, Window wb) {
        if (a.stopped() != b.stopped()) {
            return !a.stopped();
        }
        if (wa.seconds() != wb.seconds()) {
            return wa.seconds() > wb.seconds();
        }
        return wa.endSeconds() > wb.endSeconds();
    }

    /** The chosen accounts, a stop's time on the merged run's clock; the resources given get them. */
    static ResourceUsage resources(ResourceUsage merged, List<RunResult> parts, List<Window> windows, Window union,
                                   Map<String, Integer> chosen, boolean targetOnHost) {
        if (chosen.isEmpty()) {
            return merged;
        }
        List<ServerHostUsage> out = new ArrayList<>();
        chosen.forEach((host, part) -> {
            ServerHostUsage h = account(parts.get(part), host);
            double shift = windows.get(part).startSeconds() - union.startSeconds();
            OptionalDouble at = h.stoppedAtSeconds().isPresent()
                    ? OptionalDouble.of(h.stoppedAtSeconds().getAsDouble() + shift) : OptionalDouble.empty();
            out.add(new ServerHostUsage(h.host(), h.source(), h.cores(), h.memoryTotalBytes(), h.mean(), h.peak(),
                    h.disks(), h.interfaces(), at, h.stoppedWhy()));
        });
        ResourceUsage r = merged != null ? merged : new ResourceUsage("no host figures: each part's machine is in its"
                + " own result", targetOnHost, null, null, OptionalDouble.empty(), OptionalDouble.empty());
        return r.withServerHosts(out);
    }

    /** A bucket's samples: each host's from its chosen part's intervals in the bucket (the last, if several). */
    static Map<String, HostSample> samples(List<Intervals.Sourced> inBucket, Map<String, Integer> chosen) {
        Map<String, HostSample> out = new LinkedHashMap<>();
        for (Intervals.Sourced s : inBucket) {
            IntervalSample i = s.sample();
            i.serverHosts().forEach((host, sample) -> {
                if (Integer.valueOf(s.part()).equals(chosen.get(host))) {
                    out.put(host, sample);
                }
            });
        }
        return out;
    }

    private static List<ServerHostUsage> hosts(RunResult r) {
        return r.resources() == null ? List.of() : r.resources().serverHosts();
    }

    private static ServerHostUsage account(RunResult r, String host) {
        return hosts(r).stream().filter(h -> h.host().equals(host)).findFirst().orElseThrow();
    }
}
