package io.dbharness.core.measure;

import io.dbharness.core.api.TargetInfo;
import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.ResourceUsage;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/** The run's {@link ResourceUsage} out of its intervals' host samples. */
public final class HostUsage {

    /** The figures of {@link HostSample} in the order of its components. */
    private static final List<ToDoubleFunction<HostSample>> FIGURES = List.of(HostSample::cpuUserPercent,
            HostSample::cpuSystemPercent, HostSample::cpuIowaitPercent, HostSample::harnessCpuCores,
            h -> h.memoryUsedBytes(), h -> h.memoryTotalBytes(), HostSample::diskReadsPerSecond,
            HostSample::diskWritesPerSecond, HostSample::diskReadMegabytesPerSecond,
            HostSample::diskWriteMegabytesPerSecond, HostSample::diskAwaitMillis,
            HostSample::netReceiveMegabytesPerSecond, HostSample::netTransmitMegabytesPerSecond);
    private static final int AWAIT = 10;

    /**
     * A tail shorter than this share of the longest interval counts in the means but not in the peaks: rates
     * over a few milliseconds are noise (CPU time comes in ticks of 10 ms).
     */
    private static final double PEAK_MIN_SHARE = 0.5;

    private HostUsage() {
    }

    /**
     * Means weighted by interval seconds (disk await by requests completed), peaks per figure; null when no
     * interval has a host sample (not Linux).
     *
     * @param endpoint          the target's endpoint as {@code TargetInfo} gives it
     * @param harnessCpuSeconds the harness process's CPU time over the measured run, -1 when unknown
     * @param rows              rows written in the measured run
     * @param operations        operations completed in the measured run
     */
    public static ResourceUsage over(List<IntervalSample> intervals, String endpoint, double harnessCpuSeconds,
                                     long rows, long operations) {
        List<IntervalSample> sampled = intervals.stream().filter(i -> i.host() != null && i.seconds() > 0).toList();
        if (sampled.isEmpty()) {
            return null;
        }
        double longest = sampled.stream().mapToDouble(IntervalSample::seconds).max().orElse(0);
        double[] mean = new double[FIGURES.size()];
        double[] peak = new double[FIGURES.size()];
        for (int f = 0; f < FIGURES.size(); f++) {
            ToDoubleFunction<HostSample> figure = FIGURES.get(f);
            double sum = 0;
            double weight = 0;
            peak[f] = -1;
            for (IntervalSample i : sampled) {
                double v = figure.applyAsDouble(i.host());
                if (v < 0) {
                    continue; // unknown in this interval
                }
                double w = f == AWAIT ? requests(i) : i.seconds();
                sum += v * w;
                weight += w;
                if (i.seconds() >= PEAK_MIN_SHARE * longest) {
                    peak[f] = Math.max(peak[f], v);
                }
            }
            mean[f] = weight > 0 ? sum / weight : f == AWAIT && anyDisk(sampled) ? 0 : -1;
        }
        boolean onHost = targetOnHost(endpoint);
        return new ResourceUsage(scope(endpoint, onHost), onHost, sample(mean), sample(peak),
                perMillionRows(harnessCpuSeconds, rows), perThousandOperations(harnessCpuSeconds, operations));
    }

    /** Harness CPU seconds per million rows written; empty when the CPU time is unknown (negative) or no row was written. */
    public static java.util.OptionalDouble perMillionRows(double harnessCpuSeconds, long rows) {
        return harnessCpuSeconds >= 0 && rows > 0 ? java.util.OptionalDouble.of(harnessCpuSeconds / (rows / 1e6))
                : java.util.OptionalDouble.empty();
    }

    /** Harness CPU seconds per 1,000 operations; empty when the CPU time is unknown (negative) or none completed. */
    public static java.util.OptionalDouble perThousandOperations(double harnessCpuSeconds, long operations) {
        return harnessCpuSeconds >= 0 && operations > 0 ? java.util.OptionalDouble.of(harnessCpuSeconds / (operations / 1e3))
                : java.util.OptionalDouble.empty();
    }

    /**
     * The busiest interval's CPU use (user and system together: the peak of each alone may come from different
     * intervals), a short tail left out as in the peaks; -1 when unknown.
     */
    public static double peakCpuBusyPercent(List<IntervalSample> intervals) {
        List<IntervalSample> sampled = intervals.stream().filter(i -> i.host() != null && i.seconds() > 0).toList();
        double longest = sampled.stream().mapToDouble(IntervalSample::seconds).max().orElse(0);
        return sampled.stream().filter(i -> i.seconds() >= PEAK_MIN_SHARE * longest)
                .map(IntervalSample::host).filter(h -> h.cpuUserPercent() >= 0 && h.cpuSystemPercent() >= 0)
                .mapToDouble(h -> h.cpuUserPercent() + h.cpuSystemPercent()).max().orElse(-1);
    }

    /**
     * Whether the target's server runs on this host, from its endpoint's text alone: {@code embedded}, a target
     * inside the harness ({@code in-process: ...}), or a host that is localhost or a loopback address. A remote name that happens to be this machine is not
     * recognised: the scope then says "client host only", which is true of what was measured.
     */
    public static boolean targetOnHost(String endpoint) {
        String e = endpoint == null ? "" : endpoint.strip().toLowerCase(Locale.ROOT);
        int scheme = e.indexOf("://");
        if (scheme >= 0) {
            e = e.substring(scheme + 3);
        }
        if (e.equals("embedded") || e.startsWith(TargetInfo.IN_PROCESS)) {
            return true;
        }
        if (e.startsWith("[")) {
            int close = e.indexOf(']');
            return close > 0 && loopbackV6(e.substring(1, close));
        }
        for (String v6 : List.of("::1", "0:0:0:0:0:0:0:1")) { // a bare IPv6 host, maybe with :port after it
            if (e.startsWith(v6) && (e.length() == v6.length() || e.charAt(v6.length()) == ':'
                    || e.charAt(v6.length()) == '/')) {
                return true;
            }
        }
        int end = 0;
        while (end < e.length() && e.charAt(end) != ':' && e.charAt(end) != '/') {
            end++;
        }
        String host = e.substring(0, end);
        return host.equals("localhost") || host.endsWith(".localhost") || host.startsWith("127.");
    }

    /** What the figures describe, in words for the summary and the report. */
    static String scope(String endpoint, boolean onHost) {
        String where = endpoint == null || endpoint.isBlank() ? "no endpoint" : endpoint;
        if (where.startsWith(TargetInfo.IN_PROCESS)) {
            return "client host; the target runs inside the harness process (" + where + ")";
        }
        return onHost ? "client host, with the target's server on it (" + where + ")"
                : "client host only; the target (" + where + ") is not on localhost";
    }

    private static boolean loopbackV6(String host) {
        return host.equals("::1") || host.equals("0:0:0:0:0:0:0:1");
    }

    /** Requests the interval's disks completed, the weight of its await. */
    private static double requests(IntervalSample i) {
        HostSample h = i.host();
        return h.diskReadsPerSecond() < 0 ? 0 : (h.diskReadsPerSecond() + h.diskWritesPerSecond()) * i.seconds();
    }

    private static boolean anyDisk(List<IntervalSample> sampled) {
        return sampled.stream().anyMatch(i -> i.host().diskAwaitMillis() >= 0);
    }

    private static HostSample sample(double[] v) {
        return new HostSample(v[0], v[1], v[2], v[3], Math.round(v[4]), Math.round(v[5]), v[6], v[7], v[8], v[9],
                v[10], v[11], v[12]);
    }
}
