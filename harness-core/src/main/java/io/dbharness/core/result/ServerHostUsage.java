package io.dbharness.core.result;

import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One server host's resource use over the measured run ({@code --server-hosts}); its samples per interval are in
 * {@link IntervalSample#serverHosts()} under the same {@code host}. Its figures are the client host's
 * ({@link HostSample}, {@code harnessCpuCores} always -1: no harness runs there).
 *
 * @param host             the host as its spec names it ({@code db1:9100}, {@code db1}): runs merged keep one
 *                         account per host
 * @param source           what read it: {@code node_exporter} or {@code ssh}
 * @param cores            its CPU cores, absent when it does not tell
 * @param memoryTotalBytes its memory, absent when it does not tell
 * @param mean             means over the intervals it was sampled in (weighted as the client host's), null when it
 *                         gave no sample
 * @param peak             the highest value each figure took in one interval, null when it gave no sample; as the
 *                         client host's, a last interval shorter than half the others counts in the mean but not in
 *                         the peaks (its rates are noise), so a peak may fall below the mean when that tail was busiest
 * @param disks            the disks counted, as the host names them
 * @param interfaces       the network interfaces counted
 * @param stoppedAtSeconds when its samples stopped, in seconds since the measured run started (the time of its last
 *                         answer); absent when it answered to the end
 * @param stoppedWhy       why they stopped (the error, in one line); null when they did not
 */
public record ServerHostUsage(String host, String source, OptionalInt cores, OptionalLong memoryTotalBytes,
                              HostSample mean, HostSample peak, List<String> disks, List<String> interfaces,
                              OptionalDouble stoppedAtSeconds, String stoppedWhy) {

    public ServerHostUsage {
        cores = cores == null ? OptionalInt.empty() : cores;
        memoryTotalBytes = memoryTotalBytes == null ? OptionalLong.empty() : memoryTotalBytes;
        disks = disks == null ? List.of() : List.copyOf(disks);
        interfaces = interfaces == null ? List.of() : List.copyOf(interfaces);
        stoppedAtSeconds = stoppedAtSeconds == null ? OptionalDouble.empty() : stoppedAtSeconds;
    }

    /** Whether the host stopped answering before the run ended. */
    public boolean stopped() {
        return stoppedAtSeconds.isPresent();
    }
}
