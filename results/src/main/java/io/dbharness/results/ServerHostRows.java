package io.dbharness.results;

import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.RunResult;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * The summary's {@code server hosts} line: the database's machines' CPU, IOPS, await and network over the measured
 * run, one line in all and one per host when there are several. A figure a host could not tell is said to be
 * missing, never shown as 0.
 */
final class ServerHostRows {

    private ServerHostRows() {
    }

    /** Adds nothing for a result without server hosts. */
    static void addTo(BiConsumer<String, String> add, RunResult r) {
        List<ServerHostFigures.Host> hosts = ServerHostFigures.of(r);
        if (hosts.isEmpty()) {
            return;
        }
        if (hosts.size() == 1) {
            add.accept("server hosts", hostLine(hosts.get(0)));
            return;
        }
        List<HostSample> means = new ArrayList<>();
        List<Integer> cores = new ArrayList<>();
        List<String> without = new ArrayList<>();
        List<String> stopped = new ArrayList<>();
        for (ServerHostFigures.Host h : hosts) {
            if (h.mean() == null) {
                without.add(h.name() + " told nothing");
            } else if (h.stopped() != null) {
                // its means cover its first seconds only: summed with the others' they are no figure of the run
                stopped.add(h.name() + " stopped answering " + h.stopped().replaceFirst("^samples stopped ", "")
                        .replaceFirst(" into the run.*", " into the run"));
            } else {
                means.add(h.mean());
                cores.add(h.cores());
            }
        }
        // the cores in all only when every host told them: a sum without one would be short
        boolean coresKnown = hosts.stream().allMatch(h -> h.cores() > 0);
        add.accept("server hosts", hosts.size() + " hosts" + (coresKnown ? ", " + hosts.stream().mapToInt(ServerHostFigures.Host::cores)
                .sum() + " cores" : "")
                + (without.isEmpty() && stopped.isEmpty()
                ? ", in all: " + figures(io.dbharness.core.measure.HostUsage.across(means, cores))
                : ": no total, " + String.join(", ", without.isEmpty() ? stopped : without)));
        for (ServerHostFigures.Host h : hosts) {
            add.accept("server host " + h.name(), hostLine(h).substring(h.name().length() + 2));
        }
    }

    /** {@code db1:9100: CPU 62.0% busy (iowait 3.0%), 1,234 IOPS, await 0.8 ms (disks 35.0% busy), net in / out ...}. */
    static String hostLine(ServerHostFigures.Host h) {
        String figures = h.mean() == null ? "no sample (it told nothing over the measured run)" : figures(h.mean());
        return h.name() + ": " + figures + (h.stopped() == null ? "" : "; " + h.stopped());
    }

    static String figures(HostSample m) {
        double busy = ServerHostFigures.busy(m);
        double iops = ServerHostFigures.iops(m);
        double await = ServerHostFigures.known(m.diskAwaitMillis());
        double disks = ServerHostFigures.known(m.diskBusyPercent());
        double rx = ServerHostFigures.known(m.netReceiveMegabytesPerSecond());
        double tx = ServerHostFigures.known(m.netTransmitMegabytesPerSecond());
        String cpu = Double.isNaN(busy) ? "CPU missing" : "CPU " + ResourceRows.percent(busy) + " busy"
                + (m.cpuIowaitPercent() < 0 ? "" : " (iowait " + ResourceRows.percent(m.cpuIowaitPercent()) + ")");
        String io = Double.isNaN(iops) ? "IOPS missing" : Fmt.rate(iops) + " IOPS";
        String lat = Double.isNaN(await) ? "await missing" : "await " + Fmt.millis(await) + " ms"
                + (Double.isNaN(disks) ? "" : " (disks " + ResourceRows.percent(disks) + " busy)");
        String net = Double.isNaN(rx) || Double.isNaN(tx) ? "net missing"
                : "net in / out " + Fmt.oneDecimal(rx) + " / " + Fmt.oneDecimal(tx) + " MB/s";
        return cpu + ", " + io + ", " + lat + ", " + net;
    }
}
