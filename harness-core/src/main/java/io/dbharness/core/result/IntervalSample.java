package io.dbharness.core.result;

import io.dbharness.core.api.Counts;

import java.util.List;

/**
 * Throughput and latency over one watch interval, per group of workers and per operation type.
 *
 * @param endSeconds seconds since the run started, at the end of the interval
 * @param host       the client host's resource use over the interval, null where /proc cannot be read
 * @param server     the target server's account of the interval, null without server telemetry
 * @param serverHosts each server host's resource use over the interval ({@code --server-hosts}), by host as
 *                    {@link ServerHostUsage#host()} names it; a host that did not answer is not in it; empty without
 */
public record IntervalSample(double endSeconds, double seconds, List<GroupInterval> groups, HostSample host,
                             ServerSample server, java.util.Map<String, HostSample> serverHosts) {

    public IntervalSample {
        groups = List.copyOf(groups);
        serverHosts = serverHosts == null ? java.util.Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(serverHosts));
    }

    /** An interval without the server hosts' figures. */
    public IntervalSample(double endSeconds, double seconds, List<GroupInterval> groups, HostSample host,
                          ServerSample server) {
        this(endSeconds, seconds, groups, host, server, null);
    }

    /** An interval without the server's account. */
    public IntervalSample(double endSeconds, double seconds, List<GroupInterval> groups, HostSample host) {
        this(endSeconds, seconds, groups, host, null);
    }

    /**
     * One group's interval: its totals over the interval (rates per second of it) and its latency, the percentiles
     * merging the group's operation types. The file writes the totals' figures as fields of the group.
     */
    public record GroupInterval(String group, Totals totals, double p50Millis, double p99Millis, double maxMillis,
                                List<TypeInterval> types) {
        public GroupInterval {
            totals = totals == null ? Totals.of(Counts.ZERO, 0) : totals;
            types = types == null ? List.of() : List.copyOf(types);
        }
    }

    /**
     * One operation type's interval.
     *
     * @param histogram the interval's latencies (microseconds) as a compressed, base64 HdrHistogram: intervals of
     *                  several processes can be merged
     */
    public record TypeInterval(String type, Counts counts, double p50Millis, double p99Millis, double maxMillis,
                               String histogram) {
        public TypeInterval {
            counts = counts == null ? Counts.ZERO : counts;
        }
    }

    /** The same interval with the host's resource use over it. */
    public IntervalSample withHost(HostSample sample) {
        return new IntervalSample(endSeconds, seconds, groups, sample, server, serverHosts);
    }

    /** The same interval with the server's account of it. */
    public IntervalSample withServer(ServerSample sample) {
        return new IntervalSample(endSeconds, seconds, groups, host, sample, serverHosts);
    }

    /** The same interval with the server hosts' use over it. */
    public IntervalSample withServerHosts(java.util.Map<String, HostSample> samples) {
        return new IntervalSample(endSeconds, seconds, groups, host, server, samples);
    }

    public long rows() {
        return groups.stream().mapToLong(g -> g.totals().counts().rows()).sum();
    }

    public long errors() {
        return groups.stream().mapToLong(g -> g.totals().counts().errors()).sum();
    }

    public double rowsPerSecond() {
        return groups.stream().mapToDouble(g -> g.totals().rowsPerSecond()).sum();
    }
}
