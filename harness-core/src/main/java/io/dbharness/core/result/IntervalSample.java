package io.dbharness.core.result;

import java.util.List;

/**
 * Throughput and latency over one watch interval, per group of workers and per operation type.
 *
 * @param endSeconds seconds since the run started, at the end of the interval
 * @param host       the client host's resource use over the interval, null where /proc cannot be read
 * @param server     the target server's account of the interval, null without server telemetry
 */
public record IntervalSample(double endSeconds, double seconds, List<GroupInterval> groups, HostSample host,
                             ServerSample server) {

    public IntervalSample {
        groups = List.copyOf(groups);
    }

    /** An interval without the server's account. */
    public IntervalSample(double endSeconds, double seconds, List<GroupInterval> groups, HostSample host) {
        this(endSeconds, seconds, groups, host, null);
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

        /** A builder with every field unset (0, null); {@link #toBuilder()} starts from these values. */
        public static Builder builder() {
            return new Builder();
        }

        /** A builder holding these values, to change some of them. */
        public Builder toBuilder() {
            Builder b = new Builder();
            b.group = group;
            b.operations = operations;
            b.rows = rows;
            b.points = points;
            b.bytes = bytes;
            b.errors = errors;
            b.timeouts = timeouts;
            b.unknownRows = unknownRows;
            b.operationsPerSecond = operationsPerSecond;
            b.rowsPerSecond = rowsPerSecond;
            b.pointsPerSecond = pointsPerSecond;
            b.megabytesPerSecond = megabytesPerSecond;
            b.p50Millis = p50Millis;
            b.p99Millis = p99Millis;
            b.maxMillis = maxMillis;
            b.types = types;
            return b;
        }

        /** Builds a {@link GroupInterval} by field name: a field added later touches the record, this and its fillers. */
        public static final class Builder {
            private String group;
            private long operations;
            private long rows;
            private long points;
            private long bytes;
            private long errors;
            private long timeouts;
            private long unknownRows;
            private double operationsPerSecond;
            private double rowsPerSecond;
            private double pointsPerSecond;
            private double megabytesPerSecond;
            private double p50Millis;
            private double p99Millis;
            private double maxMillis;
            private List<TypeInterval> types = List.of();

            private Builder() {
            }

            public Builder group(String group) {
                this.group = group;
                return this;
            }

            public Builder operations(long operations) {
                this.operations = operations;
                return this;
            }

            public Builder rows(long rows) {
                this.rows = rows;
                return this;
            }

            public Builder points(long points) {
                this.points = points;
                return this;
            }

            public Builder bytes(long bytes) {
                this.bytes = bytes;
                return this;
            }

            public Builder errors(long errors) {
                this.errors = errors;
                return this;
            }

            public Builder timeouts(long timeouts) {
                this.timeouts = timeouts;
                return this;
            }

            public Builder unknownRows(long unknownRows) {
                this.unknownRows = unknownRows;
                return this;
            }

            public Builder operationsPerSecond(double operationsPerSecond) {
                this.operationsPerSecond = operationsPerSecond;
                return this;
            }

            public Builder rowsPerSecond(double rowsPerSecond) {
                this.rowsPerSecond = rowsPerSecond;
                return this;
            }

            public Builder pointsPerSecond(double pointsPerSecond) {
                this.pointsPerSecond = pointsPerSecond;
                return this;
            }

            public Builder megabytesPerSecond(double megabytesPerSecond) {
                this.megabytesPerSecond = megabytesPerSecond;
                return this;
            }

            public Builder p50Millis(double p50Millis) {
                this.p50Millis = p50Millis;
                return this;
            }

            public Builder p99Millis(double p99Millis) {
                this.p99Millis = p99Millis;
                return this;
            }

            public Builder maxMillis(double maxMillis) {
                this.maxMillis = maxMillis;
                return this;
            }

            public Builder types(List<TypeInterval> types) {
                this.types = types;
                return this;
            }

            public GroupInterval build() {
                return new GroupInterval(group, operations, rows, points, bytes, errors, timeouts, unknownRows,
                        operationsPerSecond, rowsPerSecond, pointsPerSecond, megabytesPerSecond, p50Millis,
                        p99Millis, maxMillis, types);
            }
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
        return new IntervalSample(endSeconds, seconds, groups, sample, server);
    }

    /** The same interval with the server's account of it. */
    public IntervalSample withServer(ServerSample sample) {
        return new IntervalSample(endSeconds, seconds, groups, host, sample);
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
