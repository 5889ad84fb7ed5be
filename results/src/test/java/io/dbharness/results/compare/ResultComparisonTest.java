package io.dbharness.results.compare;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.Totals;
import io.dbharness.results.ComparisonTable;
import io.dbharness.results.ResultMismatchException;
import io.dbharness.results.SamplesAccess;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultComparisonTest {

    /** A run writing {@code rowsPerSecond} with inserts of p99 {@code p99Millis}. */
    static RunResult run(String id, double rowsPerSecond, double p99Millis) {
        return run(id, rowsPerSecond, p99Millis, "iot-insert", Map.of());
    }

    static RunResult run(String id, double rowsPerSecond, double p99Millis, String workload, Map<String, String> extra) {
        RunResult t = SamplesAccess.clean();
        Totals totals = new Totals(io.dbharness.core.api.Counts.builder().operations(1_000)
                .rows((long) (rowsPerSecond * 10)).build(), 10, 100, rowsPerSecond, 0, 0);
        OperationStats o = OperationStats.builder().counts(io.dbharness.core.api.Counts.builder().operations(1_000)
                .rows(totals.counts().rows()).build()).group("insert").type("insert").meanMillis(p99Millis / 4)
                .p50Millis(p99Millis / 3).p90Millis(p99Millis / 2).p95Millis(p99Millis / 1.5).p99Millis(p99Millis)
                .p999Millis(p99Millis * 1.2).maxMillis(p99Millis * 2).build();
        Map<String, String> options = new HashMap<>(t.options());
        options.putAll(extra);
        return t.toBuilder()
                .runId(id)
                .workload(workload)
                .options(options)
                .totals(totals)
                .operations(List.of(o))
                .errors(List.of())
                .storedBytes(java.util.OptionalLong.empty())
                .answers(List.of())
                .plans(Map.of())
                .warmup(null)
                .figures(Map.of())
                .harnessCpuSeconds(java.util.OptionalDouble.empty())
                .label(null)
                .resources(null)
                .stopReason(io.dbharness.core.result.StopReason.COMPLETED)
                .failure(null)
                .exitCode(0)
                .shard(null)
                .build();
    }

    /** {@code r} with another exit code and figures: a run that failed, or a TPC-C run. */
    static RunResult with(RunResult r, int exitCode, Map<String, Double> figures) {
        return r.toBuilder()
                .figures(figures)
                .exitCode(exitCode)
                .build();
    }

    private static ComparisonRow row(ResultComparison c, String figure) {
        return c.rows().stream().filter(r -> r.figure().equals(figure)).findFirst().orElseThrow();
    }

    @Test
    void aSignificantDropBeyondTheThresholdIsARegression() {
        List<RunResult> base = List.of(run("b1", 100_000, 10), run("b2", 101_000, 10.2), run("b3", 99_000, 9.8));
        List<RunResult> next = List.of(run("n1", 80_000, 10.1), run("n2", 81_000, 9.9), run("n3", 79_000, 10));
        ResultComparison c = ResultComparison.compare(base, next, 0.05);

        ComparisonRow throughput = row(c, "throughput");
        assertEquals("rows/s", throughput.unit());
        assertEquals(-0.2, throughput.difference().relativeChange(), 1e-9);
        assertTrue(throughput.difference().pValue() < 0.001, "p " + throughput.difference().pValue());
        assertEquals(Verdict.WORSE, throughput.verdict());
        assertEquals(Verdict.SAME, row(c, "insert p99").verdict());
        assertTrue(c.regression());
        assertTrue(c.testable());

        String table = ComparisonTable.render(c, "base/", "new/");
        assertTrue(table.contains("threshold 5%; significance by Welch's t-test"), table);
        assertTrue(table.contains("100,000 ± 2,484"), table);
        assertTrue(table.contains("verdict: NEW is worse than BASE beyond 5%: throughput -20.0% (p <0.001)"), table);
    }

    /** {@code r} having skipped {@code skipped} rows of the same points: 60,000 in 10 s. */
    private static RunResult skipping(RunResult r, long skipped) {
        Totals t = r.totals();
        return r.toBuilder().totals(new Totals(t.counts().toBuilder().skippedRows(skipped).points(60_000).build(),
                t.durationSeconds(), t.operationsPerSecond(), t.rowsPerSecond(), 6_000, t.megabytesPerSecond())).build();
    }

    @Test
    void aSideThatSkippedRowsIsComparedByPointsNotRows() {
        // the same flags: PostgreSQL stores 60,000 rows, a line-protocol target 39,694 and skips the rest; equal points/s
        RunResult pg = skipping(run("pg", 6_000, 10), 0);
        RunResult qdb = skipping(run("qdb", 3_969.4, 10), 20_306);
        ResultComparison c = ResultComparison.compare(List.of(pg), List.of(qdb), 0.05);
        ComparisonRow throughput = row(c, "throughput");
        assertEquals("points/s", throughput.unit());
        assertEquals(0.0, throughput.difference().relativeChange(), 1e-9);
        assertEquals(Verdict.SAME, throughput.verdict(), "rows/s would have called it 34% worse");
        assertFalse(c.regression());
        String table = ComparisonTable.render(c, "pg.json", "qdb.json");
        assertTrue(table.contains("skipped rows: base 0, new 20,306: a target may store nothing of a row by design (line protocol"
                + " has no line for a row whose every value is empty), so rows differ between targets for the same flags; points"
                + " (the values written) do not; the throughput is compared in points/s\n"), table);
        assertTrue(table.contains("throughput (points/s) *"), table);

        ResultComparison rows = ResultComparison.compare(List.of(pg), List.of(skipping(run("pg2", 6_000, 10), 0)), 0.05);
        assertEquals("rows/s", row(rows, "throughput").unit(), "no run skipped rows: rows compare");
        assertFalse(ComparisonTable.render(rows, "a", "b").contains("skipped rows"));
    }

    @Test
    void aChangeBeyondTheThresholdThatTheRepetitionsDoNotShowIsNotARegression() {
        // p99 up 30% on average, but the runs scatter so widely that it could be noise
        List<RunResult> base = List.of(run("b1", 100_000, 5), run("b2", 100_000, 15));
        List<RunResult> next = List.of(run("n1", 100_000, 4), run("n2", 100_000, 22));
        ResultComparison c = ResultComparison.compare(base, next, 0.05);
        assertEquals(Verdict.NOT_SIGNIFICANT, row(c, "insert p99").verdict());
        assertFalse(c.regression());
        assertTrue(ComparisonTable.render(c, "a", "b").contains("verdict: no regression beyond 5%"));
    }

    @Test
    void withOneRunPerSideTheThresholdAloneDecidesAndTheOutputSaysSo() {
        ResultComparison worse = ResultComparison.compare(List.of(run("b", 100_000, 10)), List.of(run("n", 100_000, 13)), 0.05);
        assertEquals(Verdict.WORSE, row(worse, "insert p99").verdict());
        assertTrue(worse.regression());
        String table = ComparisonTable.render(worse, "base.json", "new.json");
        assertTrue(table.contains("one run per side: no significance test; judged on the threshold (5%) alone"), table);
        assertTrue(table.contains("insert p99 (ms)"), table);
        assertTrue(table.contains("+30.0%"), table);

        ResultComparison within = ResultComparison.compare(List.of(run("b", 100_000, 10)), List.of(run("n", 96_000, 10.4)), 0.05);
        assertFalse(within.regression());
        assertEquals(Verdict.SAME, row(within, "throughput").verdict());

        ResultComparison better = ResultComparison.compare(List.of(run("b", 100_000, 10)), List.of(run("n", 150_000, 5)), 0.05);
        assertEquals(Verdict.BETTER, row(better, "throughput").verdict());
        assertEquals(Verdict.BETTER, row(better, "insert p99").verdict());
        assertFalse(better.regression());
    }

    @Test
    void p50AndErrorsAreShownButDoNotDecide() {
        ResultComparison c = ResultComparison.compare(List.of(run("b", 100_000, 10)), List.of(run("n", 100_000, 10)), 0.05);
        assertEquals(List.of("throughput", "insert p50", "insert p99", "insert errors"),
                c.rows().stream().map(ComparisonRow::figure).toList());
        assertEquals(List.of(true, false, true, false), c.rows().stream().map(ComparisonRow::gating).toList());
    }

    @Test
    void resultsOfDifferentWorkloadsOrSeveralConfigurationsOnASideAreRefused() {
        assertEquals("cannot compare iot-insert with tpcc results", assertThrows(ResultMismatchException.class,
                () -> ResultComparison.compare(List.of(run("b", 1, 1)), List.of(run("n", 1, 1, "tpcc", Map.of())), 0.05))
                .getMessage());
        List<RunResult> mixed = List.of(run("b1", 1, 1), run("b2", 1, 1, "iot-insert", Map.of("workers", "16")));
        assertEquals("base holds results of 2 configurations (they differ in workers): give the repetitions of one "
                + "configuration", assertThrows(ResultMismatchException.class,
                () -> ResultComparison.compare(mixed, List.of(run("n", 1, 1)), 0.05)).getMessage());
        assertEquals("new holds no results", assertThrows(ResultMismatchException.class,
                () -> ResultComparison.compare(List.of(run("b", 1, 1)), List.of(), 0.05)).getMessage());
    }

    @Test
    void thresholdIsAPercentage() {
        assertEquals(0.05, Threshold.parse("5%"));
        assertEquals(0.05, Threshold.parse("5"));
        assertEquals(0.025, Threshold.parse("2.5%"));
        assertEquals(0.0, Threshold.parse("0%"));
        assertEquals(0.005, Threshold.parse("0.5%"));
        assertEquals("invalid value '0.05' for --threshold: ambiguous; write 0.05% or 5%",
                assertThrows(UsageException.class, () -> Threshold.parse("0.05")).getMessage());
        for (String bad : List.of("", "five", "-5%", "5%%", "NaN", "Infinity", "2000%", "5d", "%")) {
            String message = assertThrows(UsageException.class, () -> Threshold.parse(bad)).getMessage();
            assertTrue(message.startsWith("invalid value '" + bad + "' for --threshold: expected a percentage"), message);
        }
    }

    @Test
    void runsThatFailedAreLeftOutAndTheOutputSaysHowMany() {
        // the failed run wrote next to nothing: counted, it would make a regression of a steady NEW
        List<RunResult> base = List.of(run("b1", 100_000, 10), run("b2", 100_000, 10));
        List<RunResult> next = List.of(run("n1", 100_000, 10), run("n2", 100_000, 10), with(run("n3", 10, 500), 1, Map.of()));
        ResultComparison c = ResultComparison.compare(base, next, 0.05);

        assertEquals(2, row(c, "throughput").next().n());
        assertEquals(0.0, row(c, "throughput").difference().relativeChange());
        assertFalse(c.regression());
        String table = ComparisonTable.render(c, "base/", "new/");
        assertTrue(table.contains("new: 1 of 3 runs left out of the figures (exit code not 0)"), table);
    }

    @Test
    void aSideWithoutARunThatExitedZeroIsRefused() {
        List<RunResult> base = List.of(run("b1", 100_000, 10));
        List<RunResult> next = List.of(with(run("n1", 100_000, 10), 1, Map.of()), with(run("n2", 100_000, 10), 3, Map.of()));
        assertEquals("new has no run that exited 0 (exit codes 1, 3): there is nothing to compare",
                assertThrows(ResultMismatchException.class, () -> ResultComparison.compare(base, next, 0.05)).getMessage());
    }

    @Test
    void aNewRunWithoutTheHeadlineIsRefusedRatherThanPassed() {
        List<RunResult> base = List.of(with(run("b1", 100_000, 10, "tpcc", Map.of()), 0, Map.of("tpmC", 1_000.0)));
        // exited 0 yet wrote no tpmC (a hand-edited or older result): its change cannot be computed
        List<RunResult> next = List.of(with(run("n1", 100_000, 10, "tpcc", Map.of()), 0, Map.of()));
        assertEquals("cannot judge the throughput: run n1 of new has no tpmC",
                assertThrows(ResultMismatchException.class, () -> ResultComparison.compare(base, next, 0.05)).getMessage());
    }
}
