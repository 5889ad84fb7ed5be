package io.dbharness.core.result;

/**
 * The client host's resource use over one interval, read from /proc (Linux); -1 where a figure could not be read.
 * When the target runs on the same host (embedded, or a server on localhost) its use is in these figures too.
 *
 * @param cpuUserPercent   share of all cores' time in user mode (nice included), 0-100
 * @param cpuSystemPercent share of all cores' time in the kernel (irq and softirq included), 0-100
 * @param cpuIowaitPercent share of all cores' time idle waiting for IO, 0-100
 * @param harnessCpuCores  CPU time the harness process used per second of the interval, in cores (1.0 = one core busy)
 * @param memoryUsedBytes  total minus available memory at the end of the interval
 * @param diskAwaitMillis  mean time an IO request took (queue and service) over the interval's completed requests,
 *                         0 when none completed
 */
public record HostSample(double cpuUserPercent, double cpuSystemPercent, double cpuIowaitPercent,
                         double harnessCpuCores, long memoryUsedBytes, long memoryTotalBytes,
                         double diskReadsPerSecond, double diskWritesPerSecond, double diskReadMegabytesPerSecond,
                         double diskWriteMegabytesPerSecond, double diskAwaitMillis,
                         double netReceiveMegabytesPerSecond, double netTransmitMegabytesPerSecond) {
}
