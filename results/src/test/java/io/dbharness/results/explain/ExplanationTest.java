package io.dbharness.results.explain;

import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.ResourceUsage;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerUsage;
import io.dbharness.results.SamplesAccess;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each verdict of {@code runner explain} with the figure it rests on, and no verdict when no figure decides. */
class ExplanationTest {

    private static final HostSample QUIET = HostSample.builder().cpuUserPercent(20).cpuSystemPercent(5)
            .cpuIowaitPercent(0).harnessCpuCores(0.2).memoryUsedBytes(1).memoryTotalBytes(2).diskReadsPerSecond(0)
            .diskWritesPerSecond(0).diskReadMegabytesPerSecond(0).diskWriteMegabytesPerSecond(0).diskAwaitMillis(0)
            .netReceiveMegabytesPerSecond(0).netTransmitMegabytesPerSecond(0).build();

    private static RunResult with(HostSample host, Map<String, Long> waits, int looks) {
        RunResult base = SamplesAccess.clean();
        ServerUsage s = waits == null ? null : new ServerUsage("PostgreSQL wait events of our backends", looks, waits,
                Map.of(), Map.of(), 0, 100, -1, -1, -1, List.of(), Map.of(), 0.01, 0.02);
        return base.toBuilder().intervals(List.of())
                .resources(new ResourceUsage("client host only", false, host, host, 1, 1, s)).build();
    }

    @Test
    void walWaitsMakeAWalVerdictWithTheirShares() {
        String text = Explanation.render(with(QUIET, Map.of("IO:WalSync", 50L, "LWLock:WALWrite", 10L, "CPU", 40L), 50));
        assertTrue(text.contains("  - WAL and its syncs (fsync): 60% of our sessions' server time (IO:WalSync 50%,"
                + " LWLock:WALWrite 10%; 50 looks, PostgreSQL wait events of our backends)\n"), text);
        assertEquals(1, Explanation.verdicts(with(QUIET, Map.of("IO:WalSync", 50L, "LWLock:WALWrite", 10L, "CPU", 40L), 50)).size());
    }

    @Test
    void lockWaitsMakeALockVerdict() {
        List<Explanation.Verdict> v = Explanation.verdicts(with(QUIET, Map.of("Lock:transactionid", 60L, "CPU", 40L), 20));
        assertEquals("row and table locks", v.get(0).limit());
        assertTrue(v.get(0).figure().startsWith("60% of our sessions' server time (Lock:transactionid 60%"), v.get(0).figure());
    }

    @Test
    void aHarnessNearOneCorePerWorkerIsClientBound() {
        HostSample busy = QUIET.toBuilder().harnessCpuCores(7.2).build(); // 8 workers
        List<Explanation.Verdict> v = Explanation.verdicts(with(busy, Map.of("CPU", 10L, "Client:ClientRead", 10L,
                "IO:WalSync", 10L), 10));
        assertEquals("the client (the harness) was CPU-bound", v.get(0).limit());
        assertTrue(v.get(0).figure().startsWith("the harness used 7.20 cores for 8 workers (0.90 per worker"), v.get(0).figure());
    }

    @Test
    void whenNoFigurePassesItsBarTheFiguresDoNotDecide() {
        String text = Explanation.render(with(QUIET, Map.of("CPU", 25L, "IO:WalSync", 25L, "Lock:tuple", 25L,
                "Client:ClientRead", 25L), 40));
        assertTrue(text.contains("what limited it: the figures do not decide. No wait reaches 30% of our sessions'"
                + " server time: "), text);
        assertTrue(text.contains("the harness used 0.20 cores for 8 workers; the host's CPUs were 25% busy."), text);
    }

    @Test
    void tooFewLooksOrNoTelemetryDecideNothing() {
        assertEquals(List.of(), Explanation.verdicts(with(QUIET, Map.of("Lock:tuple", 4L), 4)));
        String none = Explanation.render(with(QUIET, null, 0));
        assertTrue(none.contains("The result has no server telemetry (--server-telemetry off, or a target that offers none)"), none);
    }

    @Test
    void anOpenModelThatFellBehindSaysByHowMuch() {
        RunResult full = SamplesAccess.full();
        io.dbharness.core.result.GroupResult g = full.groups().get(0);
        RunResult behind = full.toBuilder().groups(List.of(new io.dbharness.core.result.GroupResult(g.name(), g.loadModel(),
                g.workers(), g.totals(), new io.dbharness.core.result.Pacing(100_000, "rows/s", false, 2.5, 3.0)))).build();
        Explanation.Verdict v = Explanation.verdicts(behind).get(0);
        assertEquals("the open model fell behind", v.limit());
        assertEquals("group " + g.name() + " offered 100,000 rows/s and ended 2.5 s behind its schedule (at most 3.0 s)", v.figure());
    }
}
