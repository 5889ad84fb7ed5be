package io.dbharness.results;

import io.dbharness.core.measure.HostUsage;
import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerHostUsage;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The database's machines as a result carries them ({@code --server-hosts}), read in one place for the summary, the
 * report, {@code explain}, the series tables and the objectives. A result without them (no {@code --server-hosts},
 * a file written before they were sampled) has none: every reader then shows nothing rather than a 0.
 */
public final class ServerHostFigures {

    private ServerHostFigures() {
    }

    /**
     * One server host over the run.
     *
     * @param name    the host as the result names it ({@code db1:9100})
     * @param source  what read it ({@code node_exporter}, {@code ssh})
     * @param cores   its cores, 0 when it did not say
     * @param memoryTotalBytes its memory, -1 when it did not say
     * @param mean    means over the measured run; null when no interval was read
     * @param peak    the highest each figure took in one interval; null likewise
     * @param stopped when and why its samples stopped before the run ended, in words; null when they did not
     */
    public record Host(String name, String source, int cores, long memoryTotalBytes, HostSample mean, HostSample peak,
                       String stopped) {
    }

    /** The run's server hosts, in the order given; empty without them. */
    public static List<Host> of(RunResult r) {
        List<Host> out = new ArrayList<>();
        if (r == null || r.resources() == null) {
            return out;
        }
        for (ServerHostUsage u : r.resources().serverHosts()) {
            String stopped = !u.stopped() ? null : String.format(Locale.ROOT, "samples stopped %.1f s into the run%s",
                    u.stoppedAtSeconds().getAsDouble(), u.stoppedWhy() == null ? "" : ": " + Fmt.oneLine(u.stoppedWhy()));
            out.add(new Host(u.host(), u.source(), u.cores().orElse(0), u.memoryTotalBytes().orElse(-1), u.mean(), u.peak(),
                    stopped));
        }
        return out;
    }

    /** Each server host's sample of one interval, by name; empty when the interval has none. */
    public static Map<String, HostSample> at(IntervalSample i) {
        return i == null ? Map.of() : i.serverHosts();
    }

    /**
     * The run's server hosts as one over the measured run ({@link HostUsage#across}: CPU over all their cores, IOPS
     * and MB/s summed, await the mean request's); null without server hosts, or when one
     * of them told nothing (a total without it would be short) or, of several, stopped answering part way.
     */
    public static HostSample totalMean(RunResult r) {
        List<Host> hosts = of(r);
        if (hosts.isEmpty() || hosts.stream().anyMatch(h -> h.mean() == null)) {
            return null;
        }
        if (hosts.size() > 1 && hosts.stream().anyMatch(h -> h.stopped() != null)) {
            return null; // a host's means over its first seconds summed with the others' over the run: no total
        }
        return hosts.size() == 1 ? hosts.get(0).mean()
                : HostUsage.across(hosts.stream().map(Host::mean).toList(), hosts.stream().map(Host::cores).toList());
    }

    /** The headings of {@link #cells}: a series table's columns on the server hosts (all of them as one). */
    public static final List<String> HEADINGS = List.of("server CPU", "IOPS", "await", "net MB/s");

    /**
     * A series table's cells for one run: CPU busy, IOPS, await, network in and out, over its server hosts as one;
     * {@code missing} for what was not measured, all {@code -} for a run without a result.
     */
    public static List<String> cells(RunResult r) {
        if (r == null) {
            return List.of("-", "-", "-", "-");
        }
        HostSample m = totalMean(r);
        if (m == null) {
            return List.of("missing", "missing", "missing", "missing");
        }
        double busy = busy(m);
        double iops = iops(m);
        double await = known(m.diskAwaitMillis());
        double net = known(m.netReceiveMegabytesPerSecond()) + known(m.netTransmitMegabytesPerSecond());
        return List.of(Double.isNaN(busy) ? "missing" : ResourceRows.percent(busy), Double.isNaN(iops) ? "missing" : Fmt.rate(iops),
                Double.isNaN(await) ? "missing" : Fmt.millis(await) + " ms", Double.isNaN(net) ? "missing" : Fmt.oneDecimal(net));
    }

    /**
     * The busiest interval's CPU (user and system) of host {@code name}, every kept interval counted; NaN when no
     * interval tells it.
     */
    public static double peakBusy(RunResult r, String name) {
        return r.intervals() == null ? Double.NaN : r.intervals().stream().map(i -> at(i).get(name))
                .mapToDouble(ServerHostFigures::busy).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
    }

    /** CPU busy (user and system) of a sample, NaN when it could not be read. */
    public static double busy(HostSample s) {
        return s == null || s.cpuUserPercent() < 0 ? Double.NaN : s.cpuUserPercent() + s.cpuSystemPercent();
    }

    /** Reads and writes per second, NaN when they could not be read. */
    public static double iops(HostSample s) {
        return s == null || s.diskReadsPerSecond() < 0 ? Double.NaN : s.diskReadsPerSecond() + s.diskWritesPerSecond();
    }

    /** A figure of -1 could not be read: NaN, never a 0 or a -1 shown. */
    public static double known(double v) {
        return v < 0 ? Double.NaN : v;
    }
}
