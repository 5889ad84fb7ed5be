package io.dbharness.results;

import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.Totals;
import io.dbharness.core.result.GroupResult;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SummaryTableTest {

    @Test
    void fullResultShowsEveryRow() {
        String s = SummaryTable.render(Samples.full());
        assertRow(s, "dbharness iot-insert → postgres (PostgreSQL 16.2, embedded)");
        assertRow(s, "start", "2026-11-30 13:00:01 UTC");
        assertRow(s, "stop", "2026-11-30 13:00:13 UTC");
        assertRow(s, "duration", "12.3 s");
        assertRow(s, "rows", "6,000,000");
        assertRow(s, "points", "60,000,000");
        assertRow(s, "bytes written", "1.2 GB");
        assertRow(s, "rows/s", "486,000");
        assertRow(s, "points/s", "4,860,002");
        assertRow(s, "MB/s", "100.0");
        assertRow(s, "insert latency p50/p95/p99/max", "1.20 / 3.40 / 5.60 / 9.10 ms");
        assertRow(s, "query latency p50/p95/p99/max", "0.200 / 0.300 / 0.400 / 0.512 ms");
        assertRow(s, "errors", "3 (failed rows 1,000)");
        assertRow(s, "timeouts / retries / reconnects", "1 / 2 / 1");
        assertRow(s, "rows of unknown fate", "500 (a write timed out or lost its connection after it was sent; --verify tells how many landed)");
        assertRow(s, "rolled back (expected)", "4");
        assertRow(s, "skipped rows", "12 (not stored, by design: e.g. line protocol has no line for a row whose every value is empty;");
        assertRow(s, "", "compare targets by points/s, equal for the same flags)");
        assertRow(s, "compression", "3.3x (1.2 GB written : 375 MB stored)");
        assertRow(s, "verification", "FAILED: 5,999,000 rows in table, expected 6,000,000");
        assertRow(s, "pacing (open model)", "n/a: the run aborted");
        assertRow(s, "stopped", "ABORTED: connection reset");
        assertRow(s, "exit code", "1");
        assertRow(s, "tpmC", "1,234.5");
        assertRow(s, "warm-up (not measured)", "5.0 s, 100 operations, 1 errors");
        assertRow(s, "harness CPU", "3.3 s (0.542 s per million rows)");
        assertRow(s, "host CPU user / system / iowait", "61.5% / 20.3% / 3.5% (peak 81.8% busy)");
        assertRow(s, "host memory used", "6.0 GB of 24.0 GB (peak 6.0 GB)");
        assertRow(s, "host disk reads / writes", "121 / 850 per s, 1.5 / 95.3 MB/s, await 0.750 ms");
        assertRow(s, "host network in / out", "12.5 / 0.5 MB/s (loopback not counted)");
        assertRow(s, "host figures cover", "client host, with the target's server on it (embedded)");
        assertTrue(s.contains("errors by class:\n"), s);
        assertTrue(s.contains("  insert     RETRYABLE  40001      2  could not serialize access due to concurrent update\n"), s);
        assertTrue(s.contains("  insert     FATAL      -          1  connection reset\n"), s);
    }

    @Test
    void pacingSaysWhetherTheTargetKeptUpCaughtUpOrFellBehind() {
        assertEquals("kept up with 500 rows/s offered (max lag 0.20 s)",
                SummaryTable.pacing(new io.dbharness.core.result.Pacing(500, "rows/s", true, 0.1, 0.2)));
        assertEquals("caught up with 20.0 ops/s offered (fell behind by at most 3.1 s)",
                SummaryTable.pacing(new io.dbharness.core.result.Pacing(20, "ops/s", true, 0.0, 3.1)));
        assertEquals("fell behind by 12.3 s (at most 15.3 s) with 500,000 rows/s offered",
                SummaryTable.pacing(new io.dbharness.core.result.Pacing(500_000, "rows/s", false, 12.3, 15.3)));
    }

    /**
     * A short paced step that kept up but sent 7% less than offered (as find-max's 1.5 s steps did at 4,530 rows/s:
     * 28 batches of 227 rows): the summary says why, and says nothing when the shortfall is more than whole batches
     * explain, or none.
     */
    @Test
    void aShortfallOfWholeBatchesIsExplained() {
        io.dbharness.core.result.Pacing kept = new io.dbharness.core.result.Pacing(4530, "rows/s", true, 0.004, 0.004);
        GroupResult step = new GroupResult("insert", "open 4530 rows/s", 2, totals(28, 6356, 1.50211957), kept);
        assertEquals("kept up with 4,530 rows/s offered (max lag 0.00 s); sent 7% less, in whole batches (227 rows): a batch"
                + " goes when its last row is due, and one not started by the end is not sent", SummaryTable.pacing(step));
        // the same rows in 3 s: 3,500 rows short, more than two batches: not whole batches' doing, nothing added
        GroupResult longer = new GroupResult("insert", "open 4530 rows/s", 2, totals(28, 6356, 3.0), kept);
        assertEquals("kept up with 4,530 rows/s offered (max lag 0.00 s)", SummaryTable.pacing(longer));
        // at the rate within 1%: nothing added
        GroupResult full = new GroupResult("insert", "open 4530 rows/s", 2, totals(30, 6810, 1.5), kept);
        assertEquals("kept up with 4,530 rows/s offered (max lag 0.00 s)", SummaryTable.pacing(full));
    }

    private static Totals totals(long ops, long rows, double seconds) {
        return new Totals(io.dbharness.core.api.Counts.builder().operations(ops).rows(rows).build(), seconds,
                ops / seconds, rows / seconds, 0, 0);
    }

    @Test
    void cleanRunOmitsOptionalRowsAndSaysNa() {
        String s = SummaryTable.render(Samples.clean());
        assertRow(s, "compression", "n/a");
        assertRow(s, "verification", "PASSED: 6,000,000 rows in table");
        assertRow(s, "errors", "0 (failed rows 0)");
        assertRow(s, "timeouts / retries / reconnects", "0 / 0 / 0");
        assertRow(s, "stopped", "COMPLETED");
        assertRow(s, "exit code", "0");
        assertFalse(s.contains("unknown fate"), s);
        assertFalse(s.contains("skipped rows"), s);
        assertFalse(s.contains("pacing"), s);
        assertFalse(s.contains("errors by class"), s);
        assertFalse(s.contains("query latency"), s);
        assertFalse(s.contains("host CPU"), "no resource use measured (not Linux): no rows for it\n" + s);
    }

    @Test
    void resourceFiguresThatCouldNotBeReadSayNa() {
        RunResult f = Samples.full();
        io.dbharness.core.result.HostSample unknown = io.dbharness.core.result.HostSample.builder()
                .cpuUserPercent(-1)
                .cpuSystemPercent(-1)
                .cpuIowaitPercent(-1)
                .harnessCpuCores(-1)
                .memoryUsedBytes(-1)
                .memoryTotalBytes(-1)
                .diskReadsPerSecond(-1)
                .diskWritesPerSecond(-1)
                .diskReadMegabytesPerSecond(-1)
                .diskWriteMegabytesPerSecond(-1)
                .diskAwaitMillis(-1)
                .netReceiveMegabytesPerSecond(-1)
                .netTransmitMegabytesPerSecond(-1)
                .build();
        RunResult r = f.toBuilder()
                .intervals(List.of())
                .resources(new io.dbharness.core.result.ResourceUsage("client host only; the target (db1:5432/x) is not on localhost",
                        false, unknown, unknown, java.util.OptionalDouble.empty(), java.util.OptionalDouble.empty()))
                .shard(null)
                .build();
        String s = SummaryTable.render(r);
        assertRow(s, "host CPU user / system / iowait", "n/a / n/a / n/a");
        assertRow(s, "host memory used", "n/a");
        assertRow(s, "host disk reads / writes", "n/a");
        assertRow(s, "host network in / out", "n/a");
        assertRow(s, "host figures cover", "client host only; the target (db1:5432/x) is not on localhost");
    }

    @Test
    void boxIsRectangular() {
        for (RunResult r : List.of(Samples.full(), Samples.clean())) {
            List<String> box = Arrays.stream(SummaryTable.render(r).split("\n"))
                    .takeWhile(l -> !l.startsWith("errors by class")).toList();
            int width = box.get(0).length();
            for (String line : box) {
                assertEquals(width, line.length(), line);
            }
            assertTrue(box.get(0).startsWith("┌") && box.get(box.size() - 1).startsWith("└"));
        }
    }

    @Test
    void aLongMessageGoesOnSeveralLinesBrokenBetweenWordsNeverCut() {
        String words = "lost the connection and could not re-open it within --reconnect-timeout 5 s: opening a "
                + "transaction: Connection to 127.0.0.1:5432 refused. Check that the hostname and port are correct "
                + "and that the postmaster is accepting TCP/IP connections.";
        RunResult r = Samples.full().toBuilder().stopReason(io.dbharness.core.result.StopReason.ABORTED).failure(words).build();
        List<String> box = Arrays.stream(SummaryTable.render(r).split("\n"))
                .takeWhile(l -> !l.startsWith("errors by class")).toList();
        StringBuilder joined = new StringBuilder();
        boolean in = false;
        for (String line : box) {
            String[] cells = line.split("│");
            if (cells.length < 3) {
                continue;
            }
            String label = cells[1].strip();
            in = label.equals("stopped") || (in && label.isEmpty());
            if (in) {
                joined.append(joined.length() == 0 ? "" : " ").append(cells[2].strip());
            }
            assertEquals(box.get(0).length(), line.length(), line);
        }
        assertEquals("ABORTED: " + words, joined.toString());
    }

    @Test
    void outputDoesNotDependOnDefaultLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            String german = SummaryTable.render(Samples.full());
            Locale.setDefault(Locale.forLanguageTag("ar-EG"));
            assertEquals(german, SummaryTable.render(Samples.full()));
            assertTrue(german.contains("6,000,000"));
        } finally {
            Locale.setDefault(saved);
        }
    }

    @Test
    void harnessCpuPerMillionRowsIsTheResultsOwnFigure() {
        RunResult f = Samples.full();
        io.dbharness.core.result.ResourceUsage u = f.resources();
        // a figure the totals would not give: the summary prints what the result holds, it does not recompute
        RunResult stored = f.toBuilder()
                .resources(new io.dbharness.core.result.ResourceUsage(u.scope(), u.targetOnHost(), u.mean(), u.peak(), java.util.OptionalDouble.of(0.9), java.util.OptionalDouble.of(0.1)))
                .build();
        assertRow(SummaryTable.render(stored), "harness CPU", "3.3 s (0.900 s per million rows)");
    }

    /** A row is "│ label<padding> │ value<padding> │"; checks label and value sit in the same row. */
    /** The live push's row: failed pushes counted; points unsent with none failed said to be a push cut short. */
    @Test
    void theMetricsPushRowSaysWhatBecameOfThePoints() {
        String failed = SummaryTable.render(Samples.clean().toBuilder().metricsPush(
                new io.dbharness.core.result.MetricsPush(6, 2, 80, 159)).build());
        assertTrue(failed.contains("2 of 6 pushes failed, 159 points not sent (the run itself is not affected)"), failed);
        String cut = SummaryTable.render(Samples.clean().toBuilder().metricsPush(
                new io.dbharness.core.result.MetricsPush(4, 0, 80, 159)).build());
        assertTrue(cut.replaceAll("[\\s│]+", " ").contains("0 of 4 pushes failed, 159 points not sent (the last push had"
                + " not ended when the harness did; the run itself is not affected)"), cut);
        String fine = SummaryTable.render(Samples.clean().toBuilder().metricsPush(
                new io.dbharness.core.result.MetricsPush(4, 0, 239, 0)).build());
        assertFalse(fine.contains("metrics push"), fine);
    }

    private static void assertRow(String table, String label, String value) {
        boolean found = table.lines().anyMatch(l -> l.matches("│ \\Q" + label + "\\E +│ \\Q" + value + "\\E +│"));
        assertTrue(found, "no row " + label + " = " + value + " in\n" + table);
    }

    private static void assertRow(String table, String title) {
        assertTrue(table.lines().anyMatch(l -> l.matches("│ \\Q" + title + "\\E +│")), table);
    }

    @Test
    void severalKindsOfOperationWithoutRowsGetATableOfTheirOwn() {
        RunResult c = Samples.clean();
        List<io.dbharness.core.result.OperationStats> ops = List.of(
                io.dbharness.core.result.OperationStats.builder().counts(io.dbharness.core.api.Counts.builder()
                        .operations(4_500 + 1).errors(1).rolledBack(45).retries(7).build()).group("tpcc")
                        .type("new-order").meanMillis(9.0).p50Millis(7.5).p90Millis(14.8).p95Millis(19.0)
                        .p99Millis(29.6).p999Millis(80.0).maxMillis(116.7).build(),
                io.dbharness.core.result.OperationStats.builder().counts(io.dbharness.core.api.Counts.builder()
                        .operations(4_300).retries(2).build()).group("tpcc").type("payment").meanMillis(6.0)
                        .p50Millis(6.3).p90Millis(13.6).p95Millis(17.3).p99Millis(28.2).p999Millis(70.0)
                        .maxMillis(119.8).build());
        io.dbharness.core.result.Totals t = new io.dbharness.core.result.Totals(io.dbharness.core.api.Counts.builder()
                .operations(8_801).errors(1).rolledBack(45).retries(9).build(), 10.0, 880.1, 0, 0, 0);
        RunResult r = c.toBuilder()
                .workload("tpcc")
                .workloadFacts(new io.dbharness.core.api.WorkloadFacts(null, Map.of(), Map.of()))
                .loadModel("closed, 8 workers")
                .workers(8)
                .totals(t)
                .groups(List.of())
                .operations(ops)
                .intervals(List.of())
                .errors(List.of())
                .storedBytes(java.util.OptionalLong.empty())
                .answers(List.of())
                .plans(Map.of())
                .warmup(null)
                .figures(new java.util.LinkedHashMap<>(Map.of("tpmC", 27_000.0)))
                .harnessCpuSeconds(java.util.OptionalDouble.of(6.0))
                .label(null)
                .resources(null)
                .stopReason(io.dbharness.core.result.StopReason.DURATION)
                .failure(null)
                .exitCode(1)
                .shard(null)
                .build();
        String s = SummaryTable.render(r);
        assertRow(s, "tpmC", "27,000.0");
        assertRow(s, "harness CPU", "6.0 s (0.682 s per 1,000 operations)");
        assertFalse(s.contains("new-order latency"), s);
        assertTrue(s.contains("operation  count  per s  p50 ms  p90 ms  p95 ms  p99 ms  max ms  rolled back  retries  errors\n"), s);
        assertTrue(s.contains("new-order  4,500  450.0    7.50    14.8    19.0    29.6   116.7           45        7       1\n"), s);
    }

    /** A merged sharded run spans more than its measured window: the summary says which one the rates are over. */
    @Test
    void aDurationShorterThanStartToStopSaysItIsTheMeasuredTime() {
        RunResult f = Samples.clean();
        RunResult merged = f.toBuilder().end(f.start().plusSeconds(3))
                .totals(new Totals(f.totals().counts(), 1.3, f.totals().operationsPerSecond(), f.totals().rowsPerSecond(),
                        f.totals().pointsPerSecond(), f.totals().megabytesPerSecond())).build();
        assertRow(SummaryTable.render(merged), "duration", "1.3 s measured (of 3.0 s from start to stop; the rates are over"
                + " the measured time)");
        RunResult plain = f.toBuilder().end(f.start().plusMillis(12_600)).build();
        assertRow(SummaryTable.render(plain), "duration", "12.3 s");
    }
}
