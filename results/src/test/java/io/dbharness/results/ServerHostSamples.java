package io.dbharness.results;

import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.ResourceUsage;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerHostUsage;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.UnaryOperator;

/**
 * Results with server hosts, from a real one: {@value #FIXTURE}, an iot-insert run on the embedded PostgreSQL with
 * {@code --server-hosts} naming Debian's node_exporter on this machine (fixtures/server-hosts/README.md says how it
 * was made). Variants change its host's figures (a disk-bound server, a CPU-bound one, several hosts, a host that
 * stopped answering) the way such servers would show them, keeping everything else as measured.
 */
public final class ServerHostSamples {

    static final String FIXTURE = "fixtures/server-hosts/iot-insert-node-exporter.json";

    private ServerHostSamples() {
    }

    /** The measured run, as written. */
    public static RunResult real() {
        try {
            return ResultFiles.read(Path.of(ServerHostSamples.class.getClassLoader().getResource(FIXTURE).toURI()));
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Its one host. */
    public static ServerHostUsage host() {
        return real().resources().serverHosts().get(0);
    }

    /** The run with its host's every sample (the mean, the peak, each interval's) changed by {@code change}. */
    public static RunResult withHost(UnaryOperator<HostSample> change) {
        RunResult r = real();
        ServerHostUsage h = host();
        ServerHostUsage changed = new ServerHostUsage(h.host(), h.source(), h.cores(), h.memoryTotalBytes(),
                change.apply(h.mean()), change.apply(h.peak()), h.disks(), h.interfaces(), h.stoppedAtSeconds(), h.stoppedWhy());
        List<IntervalSample> intervals = new ArrayList<>();
        for (IntervalSample i : r.intervals()) {
            Map<String, HostSample> by = new LinkedHashMap<>();
            i.serverHosts().forEach((k, v) -> by.put(k, change.apply(v)));
            intervals.add(i.withServerHosts(by));
        }
        return r.toBuilder().intervals(intervals).resources(r.resources().withServerHosts(List.of(changed))).build();
    }

    /** The run as if the database had been {@code n} hosts, the first as measured, the others as {@code others} makes it. */
    public static RunResult hosts(int n, UnaryOperator<HostSample> others) {
        RunResult r = real();
        ServerHostUsage h = host();
        List<ServerHostUsage> all = new ArrayList<>(List.of(h));
        List<IntervalSample> intervals = new ArrayList<>(r.intervals());
        for (int k = 2; k <= n; k++) {
            String name = "db" + k + ":9100";
            all.add(new ServerHostUsage(name, h.source(), h.cores(), h.memoryTotalBytes(), others.apply(h.mean()),
                    others.apply(h.peak()), h.disks(), h.interfaces(), OptionalDouble.empty(), null));
            for (int i = 0; i < intervals.size(); i++) {
                Map<String, HostSample> by = new LinkedHashMap<>(intervals.get(i).serverHosts());
                HostSample first = intervals.get(i).serverHosts().get(h.host());
                if (first != null) {
                    by.put(name, others.apply(first));
                }
                intervals.set(i, intervals.get(i).withServerHosts(by));
            }
        }
        return r.toBuilder().intervals(intervals).resources(r.resources().withServerHosts(all)).build();
    }

    /** The run with its host's samples stopped {@code atSeconds} into it, for {@code why}. */
    public static RunResult stopped(double atSeconds, String why) {
        RunResult r = real();
        ServerHostUsage h = host();
        ResourceUsage u = r.resources().withServerHosts(List.of(new ServerHostUsage(h.host(), h.source(), h.cores(),
                h.memoryTotalBytes(), h.mean(), h.peak(), h.disks(), h.interfaces(), OptionalDouble.of(atSeconds), why)));
        return r.toBuilder().resources(u).build();
    }
}
