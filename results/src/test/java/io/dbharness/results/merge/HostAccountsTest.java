package io.dbharness.results.merge;

import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.ResourceUsage;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerHostUsage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Shards that sampled the same server host: the merged run keeps one account of it, the host's, not the shard's. */
@Timeout(30)
class HostAccountsTest {

    private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

    private static HostSample busy(double cpu) {
        return HostSample.builder().cpuUserPercent(cpu).cpuSystemPercent(5).cpuIowaitPercent(1).harnessCpuCores(-1)
                .memoryUsedBytes(1_000).memoryTotalBytes(8_000).diskReadsPerSecond(10).diskWritesPerSecond(500)
                .diskReadMegabytesPerSecond(1).diskWriteMegabytesPerSecond(40).diskAwaitMillis(3).diskBusyPercent(80)
                .netReceiveMegabytesPerSecond(20).netTransmitMegabytesPerSecond(2).build();
    }

    private static ServerHostUsage account(String host, double cpu, OptionalDouble stoppedAt) {
        return new ServerHostUsage(host, "node_exporter", OptionalInt.of(8), OptionalLong.of(8_000), busy(cpu),
                busy(cpu), List.of("sda"), List.of("eth0"), stoppedAt,
                stoppedAt.isPresent() ? "connection to http://" + host + "/metrics refused" : null);
    }

    /** A part of two 10-second intervals whose samples of each host show {@code cpu}. */
    private static RunResult part(String id, Instant start, double cpu, ServerHostUsage... hosts) {
        RunResult r = ResultMergeTest.part(id, start, new long[][]{{1000, 2000}, {1500}}, Map.of());
        Map<String, HostSample> samples = new java.util.TreeMap<>();
        for (ServerHostUsage h : hosts) {
            samples.put(h.host(), busy(cpu));
        }
        List<IntervalSample> intervals = r.intervals().stream().map(i -> i.withServerHosts(samples)).toList();
        return r.toBuilder().intervals(intervals).resources(new ResourceUsage("client host only", false, null, null,
                OptionalDouble.empty(), OptionalDouble.empty()).withServerHosts(List.of(hosts))).build();
    }

    @Test
    void theSameHostSampledByTwoShardsCountsOnceAndAHostOfOneShardIsKept() {
        RunResult a = part("a", T0, 70, account("db1:9100", 70, OptionalDouble.empty()),
                account("db2:9100", 70, OptionalDouble.of(12.5)));
        RunResult b = part("b", T0.plusSeconds(1), 71, account("db1:9100", 71, OptionalDouble.empty()),
                account("db2:9100", 71, OptionalDouble.empty()), account("db3:9100", 71, OptionalDouble.empty()));

        RunResult m = ResultMerge.merge(ResultMergeTest.shards(a, b));

        List<ServerHostUsage> hosts = m.resources().serverHosts();
        assertEquals(List.of("db1:9100", "db2:9100", "db3:9100"), hosts.stream().map(ServerHostUsage::host).toList(),
                "one account per host, not one per shard");
        assertEquals(71, hosts.get(0).mean().cpuUserPercent(), "the same windows' length: the part that ended last");
        assertEquals(71, hosts.get(1).mean().cpuUserPercent(), "the part that sampled db2 to the end");
        assertTrue(hosts.stream().noneMatch(ServerHostUsage::stopped));
        assertEquals(500, hosts.get(0).mean().diskWritesPerSecond(), "figures of one machine are not added up");
        for (IntervalSample i : m.intervals()) {
            assertEquals(3, i.serverHosts().size(), i.toString());
            assertEquals(71, i.serverHosts().get("db1:9100").cpuUserPercent(), "the chosen part's samples");
        }
    }

    @Test
    void aHostThatStoppedInEveryShardSaysWhenOnTheMergedRunsClock() {
        RunResult a = part("a", T0, 70, account("db1:9100", 70, OptionalDouble.of(4)));
        RunResult b = part("b", T0.plusSeconds(3), 71, account("db1:9100", 71, OptionalDouble.of(2)));
        ServerHostUsage h = ResultMerge.merge(ResultMergeTest.shards(a, b)).resources().serverHosts().get(0);
        assertEquals(5, h.stoppedAtSeconds().getAsDouble(), 1e-9, "the part that ended last, 3 s after the other began");
    }
}
