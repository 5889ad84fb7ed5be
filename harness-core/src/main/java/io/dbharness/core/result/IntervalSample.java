package io.dbharness.core.result;

import java.util.List;

/**
 * Throughput and latency over one watch interval, per group of workers and per operation type.
 *
 * @param endSeconds seconds since the run started, at the end of the interval
 * @param host       the client host's resource use over the interval, null where /proc cannot be read
 */
public record IntervalSample(double endSeconds, double seconds, List<GroupInterval> groups, HostSample host) {

    public IntervalSample {
        groups = List.copyOf(groups);
    }

    /**
     * One group's interval; rates are per second of the interval. Latency percentiles merge the group's
     * operation types.
     */
    public record GroupInterval(String group, long operations, long rows, long points, long bytes, long errors,
                                long timeouts, long unknownRows, double operationsPerSecond, double rowsPerSecond,
                                double pointsPerSecond, double megabytesPerSecond, double p50Millis, double p99Millis,
                                double maxMillis, List<TypeInterval> types) {
        public GroupInterval {
            types = List.copyOf(types);
        }
    }

    /**
     * One operation type's interval.
     *
     * @param histogram the interval's latencies (microseconds) as a compressed, base64 HdrHistogram: intervals of
     *                  several processes can be merged
     */
    public record TypeInterval(String type, long operations, long errors, long timeouts, double p50Millis,
                               double p99Millis, double maxMillis, String histogram) {
    }

    /** The same interval with the host's resource use over it. */
    public IntervalSample withHost(HostSample sample) {
        return new IntervalSample(endSeconds, seconds, groups, sample);
    }

    public long rows() {
        return groups.stream().mapToLong(GroupInterval::rows).sum();
    }

    public long errors() {
        return groups.stream().mapToLong(GroupInterval::errors).sum();
    }

    public double rowsPerSecond() {
        return groups.stream().mapToDouble(GroupInterval::rowsPerSecond).sum();
    }
}
