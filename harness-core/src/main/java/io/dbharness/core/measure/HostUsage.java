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
            HostSample::diskWriteMegabytesPerSecond, HostSample::diskAwaitMillis, HostSample::diskBusyPercent,
            HostSample::netReceiveMegabytesPerSecond, HostSample::netTransmitMegabytesPerSecond);
    private static final int CPU_LAST = 2;
    private static final int HARNESS = 3;
    private static final int AWAIT = 10;
    private static final int BUSY = 11;

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
        List<Timed> sampled = intervals.stream().filter(i -> i.host() != null && i.seconds() > 0)
                .map(i -> new Timed(i.seconds(), i.host())).toList();
        if (sampled.isEmpty()) {
            return null;
        }
        HostSample[] meanPeak = meanAndPeak(sampled);
        boolean onHost = targetOnHost(endpoint);
        return new ResourceUsage(scope(endpoint, onHost), onHost, meanPeak[0], meanPeak[1],
                perMillionRows(harnessCpuSeconds, rows), perThousandOperations(harnessCpuSeconds, operations));
    }

    /** One host's sample over an interval of so many seconds. */
    public record Timed(double seconds, HostSample sample) {
    }

    /**
     * The mean (weighted by interval seconds, disk await by requests completed) and the peak of each figure over
     * the samples, in that order; figures unknown (-1) in an interval are left out of it. Any host's samples: the
     * client's and each server host's are summed up alike.
     */
    public static HostSample[] meanAndPeak(List<Timed> sampled) {
        double longest = sampled.stream().mapToDouble(Timed::seconds).max().orElse(0);
        double[] mean = new double[FIGURES.size()];
        double[] peak = new double[FIGURES.size()];
        for (int f = 0; f < FIGURES.size(); f++) {
            ToDoubleFunction<HostSample> figure = FIGURES.get(f);
            double sum = 0;
            double weight = 0;
            peak[f] = -1;
            for (Timed i : sampled) {
                double v = figure.applyAsDouble(i.sample());
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
        return new HostSample[] {sample(mean), sample(peak)};
    }

    /**
     * Several hosts as one (a cluster's total): CPU shares weighted by cores (equally when a host's are unknown),
     * memory, IOPS, megabytes and network summed, await weighted by requests, the busiest disk of all. A figure one
     * host does not know is unknown (-1) in the total: a sum without it would be too small.
     *
     * @param cores each sample's host's cores, 0 when unknown
     */
    public static HostSample across(List<HostSample> hosts, List<Integer> cores) {
        if (hosts.isEmpty()) {
            return null;
        }
        boolean weighed = cores.stream().allMatch(c -> c > 0);
        double[] out = new double[FIGURES.size()];
        for (int f = 0; f < FIGURES.size(); f++) {
            ToDoubleFunction<HostSample> figure = FIGURES.get(f);
            double sum = 0;
            double weight = 0;
            double max = -1;
            boolean known = true;
            for (int h = 0; h < hosts.size(); h++) {
                double v = figure.applyAsDouble(hosts.get(h));
                if (v < 0) {
                    known = false;
                    break;
                }
                double w = f <= CPU_LAST ? (weighed ? cores.get(h) : 1)
                        : f == AWAIT ? hosts.get(h).diskReadsPerSecond() + hosts.get(h).diskWritesPerSecond() : 1;
                sum += f <= CPU_LAST || f == AWAIT ? v * w : v;
                weight += w;
                max = Math.max(max, v);
            }
            out[f] = !known ? -1 : f == HARNESS ? -1 : f == BUSY ? max
                    : f <= CPU_LAST || f == AWAIT ? (weight > 0 ? sum / weight : 0) : sum;
        }
        return sample(out);
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
    private static double requests(Timed i) {
        HostSample h = i.sample();
        return h.diskReadsPerSecond() < 0 ? 0 : (h.diskReadsPerSecond() + h.diskWritesPerSecond()) * i.seconds();
    }

    private static boolean anyDisk(List<Timed> sampled) {
        return sampled.stream().anyMatch(i -> i.sample().diskAwaitMillis() >= 0);
    }

    private static HostSample sample(double[] v) {
        return new HostSample(v[0], v[1], v[2], v[3], Math.round(v[4]), Math.round(v[5]), v[6], v[7], v[8], v[9],
                v[10], v[11], v[12], v[13]);
    }
}
