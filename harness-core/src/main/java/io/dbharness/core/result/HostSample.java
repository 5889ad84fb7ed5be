package io.dbharness.core.result;

/**
 * A host's resource use over one interval, -1 where a figure could not be read: the client host's, read from /proc
 * (Linux; when the target runs on the same host, embedded or a server on localhost, its use is in these figures
 * too), or a server host's ({@code --server-hosts}), whose {@code harnessCpuCores} is always -1.
 *
 * @param cpuUserPercent   share of all cores' time in user mode (nice included), 0-100
 * @param cpuSystemPercent share of all cores' time in the kernel (irq and softirq included), 0-100
 * @param cpuIowaitPercent share of all cores' time idle waiting for IO, 0-100
 * @param harnessCpuCores  CPU time the harness process used per second of the interval, in cores (1.0 = one core busy)
 * @param memoryUsedBytes  total minus available memory at the end of the interval
 * @param diskAwaitMillis  mean time an IO request took (queue and service) over the interval's completed requests,
 *                         0 when none completed
 * @param diskBusyPercent  share of the interval the busiest counted disk had a request in flight (its busy time,
 *                         /proc/diskstats' io_ticks), 0-100: one saturated disk limits however idle the others are
 */
public record HostSample(double cpuUserPercent, double cpuSystemPercent, double cpuIowaitPercent,
                         double harnessCpuCores, long memoryUsedBytes, long memoryTotalBytes,
                         double diskReadsPerSecond, double diskWritesPerSecond, double diskReadMegabytesPerSecond,
                         double diskWriteMegabytesPerSecond, double diskAwaitMillis, double diskBusyPercent,
                         double netReceiveMegabytesPerSecond, double netTransmitMegabytesPerSecond) {

    /** A builder with every field unset (0, null); {@link #toBuilder()} starts from these values. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these values, to change some of them. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.cpuUserPercent = cpuUserPercent;
        b.cpuSystemPercent = cpuSystemPercent;
        b.cpuIowaitPercent = cpuIowaitPercent;
        b.harnessCpuCores = harnessCpuCores;
        b.memoryUsedBytes = memoryUsedBytes;
        b.memoryTotalBytes = memoryTotalBytes;
        b.diskReadsPerSecond = diskReadsPerSecond;
        b.diskWritesPerSecond = diskWritesPerSecond;
        b.diskReadMegabytesPerSecond = diskReadMegabytesPerSecond;
        b.diskWriteMegabytesPerSecond = diskWriteMegabytesPerSecond;
        b.diskAwaitMillis = diskAwaitMillis;
        b.diskBusyPercent = diskBusyPercent;
        b.netReceiveMegabytesPerSecond = netReceiveMegabytesPerSecond;
        b.netTransmitMegabytesPerSecond = netTransmitMegabytesPerSecond;
        return b;
    }

    /** Builds a {@link HostSample} by field name: a field added later touches the record, this and its fillers. */
    public static final class Builder {
        private double cpuUserPercent;
        private double cpuSystemPercent;
        private double cpuIowaitPercent;
        private double harnessCpuCores;
        private long memoryUsedBytes;
        private long memoryTotalBytes;
        private double diskReadsPerSecond;
        private double diskWritesPerSecond;
        private double diskReadMegabytesPerSecond;
        private double diskWriteMegabytesPerSecond;
        private double diskAwaitMillis;
        private double diskBusyPercent;
        private double netReceiveMegabytesPerSecond;
        private double netTransmitMegabytesPerSecond;

        private Builder() {
        }

        public Builder cpuUserPercent(double cpuUserPercent) {
            this.cpuUserPercent = cpuUserPercent;
            return this;
        }

        public Builder cpuSystemPercent(double cpuSystemPercent) {
            this.cpuSystemPercent = cpuSystemPercent;
            return this;
        }

        public Builder cpuIowaitPercent(double cpuIowaitPercent) {
            this.cpuIowaitPercent = cpuIowaitPercent;
            return this;
        }

        public Builder harnessCpuCores(double harnessCpuCores) {
            this.harnessCpuCores = harnessCpuCores;
            return this;
        }

        public Builder memoryUsedBytes(long memoryUsedBytes) {
            this.memoryUsedBytes = memoryUsedBytes;
            return this;
        }

        public Builder memoryTotalBytes(long memoryTotalBytes) {
            this.memoryTotalBytes = memoryTotalBytes;
            return this;
        }

        public Builder diskReadsPerSecond(double diskReadsPerSecond) {
            this.diskReadsPerSecond = diskReadsPerSecond;
            return this;
        }

        public Builder diskWritesPerSecond(double diskWritesPerSecond) {
            this.diskWritesPerSecond = diskWritesPerSecond;
            return this;
        }

        public Builder diskReadMegabytesPerSecond(double diskReadMegabytesPerSecond) {
            this.diskReadMegabytesPerSecond = diskReadMegabytesPerSecond;
            return this;
        }

        public Builder diskWriteMegabytesPerSecond(double diskWriteMegabytesPerSecond) {
            this.diskWriteMegabytesPerSecond = diskWriteMegabytesPerSecond;
            return this;
        }

        public Builder diskAwaitMillis(double diskAwaitMillis) {
            this.diskAwaitMillis = diskAwaitMillis;
            return this;
        }

        public Builder diskBusyPercent(double diskBusyPercent) {
            this.diskBusyPercent = diskBusyPercent;
            return this;
        }

        public Builder netReceiveMegabytesPerSecond(double netReceiveMegabytesPerSecond) {
            this.netReceiveMegabytesPerSecond = netReceiveMegabytesPerSecond;
            return this;
        }

        public Builder netTransmitMegabytesPerSecond(double netTransmitMegabytesPerSecond) {
            this.netTransmitMegabytesPerSecond = netTransmitMegabytesPerSecond;
            return this;
        }

        public HostSample build() {
            return new HostSample(cpuUserPercent, cpuSystemPercent, cpuIowaitPercent, harnessCpuCores,
                    memoryUsedBytes, memoryTotalBytes, diskReadsPerSecond, diskWritesPerSecond,
                    diskReadMegabytesPerSecond, diskWriteMegabytesPerSecond, diskAwaitMillis, diskBusyPercent,
                    netReceiveMegabytesPerSecond, netTransmitMegabytesPerSecond);
        }
    }
}
