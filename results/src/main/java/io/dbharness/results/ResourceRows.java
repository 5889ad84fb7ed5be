package io.dbharness.results;

import io.dbharness.core.measure.HostUsage;
import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.ResourceUsage;
import io.dbharness.core.result.RunResult;

import java.util.function.BiConsumer;

/** The summary's rows on the client host's resource use: means over the measured run, with the peaks that matter. */
final class ResourceRows {

    private ResourceRows() {
    }

    /** Adds nothing for a result without resource use (not Linux, or written before it was measured). */
    static void addTo(BiConsumer<String, String> add, RunResult r) {
        ResourceUsage u = r.resources();
        if (u == null || u.mean() == null) { // null mean: only the server's account was had
            return;
        }
        HostSample m = u.mean();
        HostSample p = u.peak();
        double busy = HostUsage.peakCpuBusyPercent(r.intervals());
        add.accept("host CPU user / system / iowait", percent(m.cpuUserPercent()) + " / " + percent(m.cpuSystemPercent())
                + " / " + percent(m.cpuIowaitPercent()) + (busy < 0 ? "" : " (peak " + percent(busy) + " busy)"));
        add.accept("host memory used", m.memoryUsedBytes() < 0 ? "n/a" : Fmt.bytes(m.memoryUsedBytes()) + " of " + Fmt.bytes(m.memoryTotalBytes())
                + " (peak " + Fmt.bytes(p.memoryUsedBytes()) + ")");
        add.accept("host disk reads / writes", m.diskReadsPerSecond() < 0 ? "n/a"
                : Fmt.rate(m.diskReadsPerSecond()) + " / " + Fmt.rate(m.diskWritesPerSecond()) + " per s, "
                + Fmt.oneDecimal(m.diskReadMegabytesPerSecond()) + " / " + Fmt.oneDecimal(m.diskWriteMegabytesPerSecond())
                + " MB/s, await " + Fmt.millis(m.diskAwaitMillis()) + " ms");
        // loopback is left out: a server on localhost shows in the run's own bytes written, not here
        add.accept("host network in / out", m.netReceiveMegabytesPerSecond() < 0 ? "n/a"
                : Fmt.oneDecimal(m.netReceiveMegabytesPerSecond()) + " / "
                + Fmt.oneDecimal(m.netTransmitMegabytesPerSecond()) + " MB/s (loopback not counted)");
        add.accept("host figures cover", u.scope());
    }

    /** {@code 62.0%}; {@code n/a} for a figure that could not be read (-1). The server hosts' lines use it too. */
    static String percent(double v) {
        return v < 0 ? "n/a" : Fmt.oneDecimal(v) + "%";
    }
}
