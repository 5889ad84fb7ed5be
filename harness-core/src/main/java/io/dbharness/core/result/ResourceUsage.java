package io.dbharness.core.result;

import java.util.List;
import java.util.OptionalDouble;

/**
 * The client host's resource use over the measured run, with the target server's account and the server hosts'
 * when they were sampled; the samples per interval are in {@link IntervalSample#host()} (and {@code server},
 * {@code serverHosts}).
 *
 * @param scope          what the figures describe, in words: the client host only, or the client host with the
 *                       target's server on it (embedded, or on localhost)
 * @param targetOnHost   whether the target's server runs on this host, so its use is in the figures
 * @param mean           means over the measured run's intervals
 * @param peak           the highest value each figure took in one interval
 * @param harnessCpuSecondsPerMillionRows harness CPU seconds per million rows written, empty when the run wrote none
 *                       or its CPU time is unknown
 * @param harnessCpuSecondsPerThousandOperations harness CPU seconds per 1,000 operations (transactions, queries),
 *                       empty when none completed or the CPU time is unknown
 * @param server         the target server's account of the run (wait profile, counters, storage, statements), null
 *                       without server telemetry ({@code --server-telemetry off}, or a target that offers none)
 * @param serverHosts    each server host's use ({@code --server-hosts}), in the order given; empty without
 */
public record ResourceUsage(String scope, boolean targetOnHost, HostSample mean, HostSample peak,
                            OptionalDouble harnessCpuSecondsPerMillionRows,
                            OptionalDouble harnessCpuSecondsPerThousandOperations, ServerUsage server,
                            List<ServerHostUsage> serverHosts) {

    public ResourceUsage {
        harnessCpuSecondsPerMillionRows = harnessCpuSecondsPerMillionRows == null ? OptionalDouble.empty()
                : harnessCpuSecondsPerMillionRows;
        harnessCpuSecondsPerThousandOperations = harnessCpuSecondsPerThousandOperations == null ? OptionalDouble.empty()
                : harnessCpuSecondsPerThousandOperations;
        serverHosts = serverHosts == null ? List.of() : List.copyOf(serverHosts);
    }

    /** The client host's figures and the server's account, without server hosts. */
    public ResourceUsage(String scope, boolean targetOnHost, HostSample mean, HostSample peak,
                         OptionalDouble harnessCpuSecondsPerMillionRows, OptionalDouble harnessCpuSecondsPerThousandOperations,
                         ServerUsage server) {
        this(scope, targetOnHost, mean, peak, harnessCpuSecondsPerMillionRows, harnessCpuSecondsPerThousandOperations,
                server, null);
    }

    /** The client host's figures without the server's account. */
    public ResourceUsage(String scope, boolean targetOnHost, HostSample mean, HostSample peak,
                         OptionalDouble harnessCpuSecondsPerMillionRows, OptionalDouble harnessCpuSecondsPerThousandOperations) {
        this(scope, targetOnHost, mean, peak, harnessCpuSecondsPerMillionRows, harnessCpuSecondsPerThousandOperations, null);
    }

    /** The same figures with the server's account of the run. */
    public ResourceUsage withServer(ServerUsage usage) {
        return new ResourceUsage(scope, targetOnHost, mean, peak, harnessCpuSecondsPerMillionRows,
                harnessCpuSecondsPerThousandOperations, usage, serverHosts);
    }

    /** The same figures with the server hosts' use. */
    public ResourceUsage withServerHosts(List<ServerHostUsage> hosts) {
        return new ResourceUsage(scope, targetOnHost, mean, peak, harnessCpuSecondsPerMillionRows,
                harnessCpuSecondsPerThousandOperations, server, hosts);
    }
}
