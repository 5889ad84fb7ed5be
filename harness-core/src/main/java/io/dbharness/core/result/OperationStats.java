package io.dbharness.core.result;

import io.dbharness.core.api.Counts;

/**
 * One operation type of one group over the whole run. Latency covers the operations that completed (ok or
 * rolled back); in the open model it runs from the intended start, so waiting caused by a slow target is
 * included, and for a retried operation it spans every attempt.
 *
 * @param counts       the type's counters ({@link Counts}); its operations are the completed ones plus the errors,
 *                     and for queries the timeouts are neither: a query cut off by --op-timeout is not an
 *                     operation that ended, its wait is in the latency
 * @param returnedRows rows the queries of this type returned
 * @param histogram    HdrHistogram of microseconds, compressed and base64-encoded; mergeable across runs
 */
public record OperationStats(String group, String type, Counts counts, long returnedRows, double meanMillis,
                             double p50Millis, double p90Millis, double p95Millis, double p99Millis,
                             double p999Millis, double maxMillis, String histogram) {

    public OperationStats {
        counts = counts == null ? Counts.ZERO : counts;
    }

    /** A builder with every field unset (0, null); {@link #toBuilder()} starts from these values. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these values, to change some of them. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.group = group;
        b.type = type;
        b.counts = counts;
        b.returnedRows = returnedRows;
        b.meanMillis = meanMillis;
        b.p50Millis = p50Millis;
        b.p90Millis = p90Millis;
        b.p95Millis = p95Millis;
        b.p99Millis = p99Millis;
        b.p999Millis = p999Millis;
        b.maxMillis = maxMillis;
        b.histogram = histogram;
        return b;
    }

    /** Builds a {@link OperationStats} by field name: a field added later touches the record, this and its fillers. */
    public static final class Builder {
        private String group;
        private String type;
        private Counts counts = Counts.ZERO;
        private long returnedRows;
        private double meanMillis;
        private double p50Millis;
        private double p90Millis;
        private double p95Millis;
        private double p99Millis;
        private double p999Millis;
        private double maxMillis;
        private String histogram;

        private Builder() {
        }

        public Builder group(String group) {
            this.group = group;
            return this;
        }

        public Builder type(String type) {
            this.type = type;
            return this;
        }

        public Builder counts(Counts counts) {
            this.counts = counts;
            return this;
        }

        public Builder returnedRows(long returnedRows) {
            this.returnedRows = returnedRows;
            return this;
        }

        public Builder meanMillis(double meanMillis) {
            this.meanMillis = meanMillis;
            return this;
        }

        public Builder p50Millis(double p50Millis) {
            this.p50Millis = p50Millis;
            return this;
        }

        public Builder p90Millis(double p90Millis) {
            this.p90Millis = p90Millis;
            return this;
        }

        public Builder p95Millis(double p95Millis) {
            this.p95Millis = p95Millis;
            return this;
        }

        public Builder p99Millis(double p99Millis) {
            this.p99Millis = p99Millis;
            return this;
        }

        public Builder p999Millis(double p999Millis) {
            this.p999Millis = p999Millis;
            return this;
        }

        public Builder maxMillis(double maxMillis) {
            this.maxMillis = maxMillis;
            return this;
        }

        public Builder histogram(String histogram) {
            this.histogram = histogram;
            return this;
        }

        public OperationStats build() {
            return new OperationStats(group, type, counts, returnedRows, meanMillis, p50Millis, p90Millis, p95Millis,
                    p99Millis, p999Millis, maxMillis, histogram);
        }
    }
}
