package io.dbharness.results.explain;

import io.dbharness.core.result.RunResult;
import io.dbharness.results.ServerHostSamples;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code runner explain}'s verdicts on the database's machines ({@code --server-hosts}), from a real run's host
 * (node_exporter on this machine) made into a disk-bound and a CPU-bound server: each named by the figure it rests
 * on, in words that name no product.
 */
class ServerHostVerdictsTest {

    private static List<Explanation.Verdict> serverVerdicts(RunResult r) {
        List<Explanation.Verdict> all = new java.util.ArrayList<>(Explanation.verdicts(r));
        all.addAll(Explanation.context(r));
        return all.stream().filter(v -> v.limit().startsWith("the server's disks") || v.limit().startsWith("the server's CPUs"))
                .toList();
    }

    @Test
    void disksBusyNearlyAllTheTimeAreTheLimitWithTheirAwait() {
        RunResult r = ServerHostSamples.withHost(s -> s.toBuilder().diskBusyPercent(95).diskAwaitMillis(12)
                .cpuUserPercent(20).cpuSystemPercent(8).cpuIowaitPercent(30).build());
        List<Explanation.Verdict> v = serverVerdicts(r);
        assertEquals(1, v.size(), v.toString());
        assertEquals("the server's disks were saturated", v.get(0).limit());
        assertTrue(v.get(0).figure().startsWith("95% busy, await 12.0 ms ("), v.get(0).figure());
        assertTrue(v.get(0).figure().endsWith("; CPUs 30% in iowait)"), v.get(0).figure());
        String text = Explanation.render(r);
        assertTrue(text.contains("  - the server's disks were saturated: 95% busy, await 12.0 ms"), text);
    }

    @Test
    void cpusBusyNearlyAllTheTimeAreTheLimitWithTheirPeak() {
        RunResult r = ServerHostSamples.withHost(s -> s.toBuilder().cpuUserPercent(80).cpuSystemPercent(18)
                .diskBusyPercent(20).build());
        List<Explanation.Verdict> v = serverVerdicts(r);
        assertEquals(1, v.size(), v.toString());
        assertEquals("the server's CPUs were saturated", v.get(0).limit());
        int cores = ServerHostSamples.host().cores().orElseThrow();
        assertEquals("98% busy on average (user 80%, system 18%, peak 98%) of " + cores + " cores", v.get(0).figure());
    }

    @Test
    void aHostThatStoppedAnsweringSaysItsFiguresCoverOnlyItsFirstSeconds() {
        RunResult busy = ServerHostSamples.withHost(s -> s.toBuilder().cpuUserPercent(80).cpuSystemPercent(18)
                .diskBusyPercent(20).build());
        io.dbharness.core.result.ServerHostUsage h = busy.resources().serverHosts().get(0);
        RunResult r = busy.toBuilder().resources(busy.resources().withServerHosts(List.of(new io.dbharness.core.result.ServerHostUsage(
                h.host(), h.source(), h.cores(), h.memoryTotalBytes(), h.mean(), h.peak(), h.disks(), h.interfaces(),
                java.util.OptionalDouble.of(2.1), "Connection refused")))).build();
        List<Explanation.Verdict> v = serverVerdicts(r);
        assertEquals(1, v.size(), v.toString());
        assertTrue(v.get(0).figure().endsWith(" cores (over the time before its samples stopped 2.1 s into the run: Connection refused)"),
                v.get(0).figure());
    }

    @Test
    void ofSeveralHostsTheSaturatedOneIsNamed() {
        RunResult r = ServerHostSamples.hosts(3, s -> s.toBuilder().diskBusyPercent(97).diskAwaitMillis(40).build());
        List<Explanation.Verdict> v = serverVerdicts(r);
        assertEquals(List.of("the server's disks were saturated (host db2:9100)", "the server's disks were saturated (host db3:9100)"),
                v.stream().map(Explanation.Verdict::limit).filter(l -> l.contains("disks")).toList());
    }

    @Test
    void theRealRunsHostIsShownWhenNothingDecides() {
        RunResult measured = ServerHostSamples.withHost(s -> s.toBuilder().cpuUserPercent(30).cpuSystemPercent(10)
                .diskBusyPercent(25).diskAwaitMillis(0.5).build());
        // the client host quiet and no server telemetry: nothing else to decide
        io.dbharness.core.result.HostSample quiet = measured.resources().mean().toBuilder().cpuUserPercent(10)
                .cpuSystemPercent(5).harnessCpuCores(0.1).build();
        io.dbharness.core.result.ResourceUsage u = measured.resources();
        RunResult r = measured.toBuilder().resources(new io.dbharness.core.result.ResourceUsage(u.scope(), u.targetOnHost(),
                quiet, quiet, u.harnessCpuSecondsPerMillionRows(), u.harnessCpuSecondsPerThousandOperations(), null,
                u.serverHosts())).build();
        assertEquals(List.of(), Explanation.verdicts(r));
        String text = Explanation.render(r);
        assertTrue(text.contains("server host " + ServerHostSamples.host().host() + ": CPUs 40% busy, disks 25% busy, await 0.500 ms"),
                text);
    }

    @Test
    void noServerHostsNoServerHostVerdict() {
        assertEquals(List.of(), serverVerdicts(io.dbharness.results.SamplesAccess.full()));
    }
}
