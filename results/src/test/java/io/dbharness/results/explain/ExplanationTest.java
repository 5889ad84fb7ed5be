package io.dbharness.results.explain;

import io.dbharness.core.result.GroupResult;
import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.Pacing;
import io.dbharness.core.result.ResourceUsage;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerUsage;
import io.dbharness.core.result.Totals;
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
                .resources(new ResourceUsage("client host only", false, host, host, java.util.OptionalDouble.of(1), java.util.OptionalDouble.of(1), s)).build();
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

    /** A group of 1,410 rows/s over 10 s (14,100 rows in 141 batches); closed without a pacing. */
    private static GroupResult group(String name, Pacing pacing) {
        Totals t = new Totals(io.dbharness.core.api.Counts.builder().operations(141).rows(14_100).build(), 10, 14.1, 1_409.6, 0, 0);
        return new GroupResult(name, pacing == null ? "closed" : "open 1410 rows/s", 2, t, pacing);
    }

    @Test
    void aRunThatKeptUpWithItsOfferedRateWasLimitedByItNotByTheClient() {
        RunResult capped = with(QUIET, Map.of("Client:ClientRead", 93L, "CPU", 7L), 60).toBuilder()
                .groups(List.of(group("insert", new Pacing(1_410, "rows/s", true, 0.02, 0.11)))).build();
        List<Explanation.Verdict> v = Explanation.verdicts(capped);
        assertEquals(List.of(new Explanation.Verdict("the offered rate: it kept up with the load it was given",
                "group insert offered 1,410 rows/s and achieved 1,410 rows/s, 0.02 s behind its schedule at the end (at most 0.11 s)")), v);
        assertEquals("the client: the server waited for the next statement or data (round trips, the harness's side)",
                Explanation.context(capped).get(0).limit());
        String text = Explanation.render(capped);
        assertTrue(text.contains("what limited it:\n  - the offered rate: it kept up with the load it was given: group insert"
                + " offered 1,410 rows/s and achieved 1,410 rows/s, 0.02 s behind its schedule at the end (at most 0.11 s)\n"
                + "at the offered rate (context, not the limit):\n  - the client: the server waited for the next statement"
                + " or data (round trips, the harness's side): 93% of our sessions' server time (Client:ClientRead 93%;"), text);
    }

    @Test
    void aClosedRunKeepsItsVerdictsAndHasNoContext() {
        RunResult closed = with(QUIET, Map.of("Client:ClientRead", 93L, "CPU", 7L), 60).toBuilder()
                .groups(List.of(group("insert", null))).build();
        assertEquals("the client: the server waited for the next statement or data (round trips, the harness's side)",
                Explanation.verdicts(closed).get(0).limit());
        assertEquals(List.of(), Explanation.context(closed));
        assertTrue(!Explanation.render(closed).contains("context"), Explanation.render(closed));
    }

    @Test
    void besideAClosedGroupTheOfferComesFirstAndTheServersFiguresStayVerdicts() {
        // iot-mixed: the ingest held to a rate, the queries as fast as they go; the queries met the server's limit
        RunResult mixed = with(QUIET, Map.of("IO:DataFileRead", 70L, "CPU", 30L), 60).toBuilder()
                .groups(List.of(group("ingest", new Pacing(1_410, "rows/s", true, 0, 0.05)), group("queries", null))).build();
        List<Explanation.Verdict> v = Explanation.verdicts(mixed);
        assertEquals(List.of("the offered rate: it kept up with the load it was given",
                "reads from the data files (the working set is not in memory)"), v.stream().map(Explanation.Verdict::limit).toList());
        assertEquals(List.of(), Explanation.context(mixed));
    }

    @Test
    void anOfferWithNothingDueOrAnAbortedRunIsNoVerdict() {
        Pacing kept = new Pacing(1_410, "rows/s", true, 0, 0);
        RunResult nothing = with(QUIET, Map.of("Client:ClientRead", 93L, "CPU", 7L), 60).toBuilder()
                .groups(List.of(new GroupResult("insert", "open 1410 rows/s", 2,
                new Totals(io.dbharness.core.api.Counts.ZERO, 10, 0, 0, 0, 0), kept)))
                .build();
        assertEquals("the client: the server waited for the next statement or data (round trips, the harness's side)",
                Explanation.verdicts(nothing).get(0).limit());
        RunResult aborted = nothing.toBuilder().groups(List.of(group("insert", kept))).stopReason(io.dbharness.core.result.StopReason.ABORTED).build();
        assertEquals(1, Explanation.verdicts(aborted).size());
        assertTrue(Explanation.verdicts(aborted).get(0).limit().startsWith("the client"));
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
