package io.dbharness.results.report;

import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static io.dbharness.results.report.Runs.micros;
import static io.dbharness.results.report.Runs.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which charts a set of runs gets, and what their series are. */
class ReportChartsTest {

    private static Map<String, ChartSpec> charts(RunResult... runs) {
        return Report.contents(List.of(runs)).charts().stream()
                .collect(Collectors.toMap(ChartSpec::id, c -> c, (a, b) -> a, java.util.LinkedHashMap::new));
    }

    private static List<String> names(ChartSpec c) {
        return c.series().stream().map(ChartSpec.Series::name).toList();
    }

    /** A run with a freshness probe: its samples' p50 and p99 per interval, beside the rows written on the right axis. */
    @Test
    void freshnessIsChartedOverTimeBesideTheIngestRate() {
        RunResult r = io.dbharness.results.FreshnessResultTest.withFreshness(run("mixed").build(),
                io.dbharness.results.FreshnessResultTest.SEEN);
        ChartSpec f = charts(r).get("freshness");
        assertNotNull(f, charts(r).keySet().toString());
        assertEquals(3, f.series().size());
        assertEquals(List.of(0, 0, 1), f.series().stream().map(ChartSpec.Series::yAxis).toList());
        assertEquals(1_400.0, f.series().get(1).points().get(0)[1], names(f).toString());
        assertEquals(r.intervals().get(0).rowsPerSecond(), f.series().get(2).points().get(0)[1], 1e-9);
        assertNull(charts(run("plain").build()).get("freshness"), "none without a probe");
    }

    @Test
    void oneVaryingOptionGetsAScalingChartWithRepetitionsAsWhiskers() {
        Map<String, ChartSpec> c = charts(
                run("a1").option("total-metrics-count", "10").rows(100_000).build(),
                run("a2").option("total-metrics-count", "10").rows(110_000).build(),
                run("b1").option("total-metrics-count", "100").rows(50_000).build(),
                run("b2").option("total-metrics-count", "100").rows(52_000).build());
        ChartSpec s = c.get("scaling-iot-insert");
        assertNotNull(s, c.keySet().toString());
        assertEquals("value", s.x().type(), "numeric values: a value axis");
        assertEquals("total-metrics-count", s.x().name());
        assertEquals(List.of("rows/s", "p99 ms"), names(s));
        ChartSpec.Series rows = s.series().get(0);
        assertEquals(List.of(10.0, 100.0), rows.points().stream().map(p -> p[0]).toList());
        assertEquals(10_500.0, rows.points().get(0)[1], 1e-9, "the mean of the two repetitions' rows/s");
        assertNotNull(rows.ci(), "repetitions: whiskers");
        assertTrue(rows.ci().get(0)[0] < 10_500 && rows.ci().get(0)[1] > 10_500);
        assertEquals(1, s.series().get(1).yAxis(), "p99 on the right axis");
        assertNotNull(c.get("headline-iot-insert"), "configurations side by side too");
        assertFalse(c.keySet().stream().anyMatch(k -> k.startsWith("rate-")), "no --rate sweep");
        assertFalse(c.keySet().stream().anyMatch(k -> k.startsWith("host-")), "no host samples: no host charts");
        assertEquals(List.of("noop total-metrics-count=10 #1", "noop total-metrics-count=10 #2",
                "noop total-metrics-count=100 #1", "noop total-metrics-count=100 #2"), names(c.get("throughput")));
    }

    @Test
    void targetsThatDifferGetSideBySideBarsAndNoScalingChart() {
        Map<String, ChartSpec> c = charts(run("a").target("noop").build(), run("b").target("file").rows(50_000).build());
        ChartSpec h = c.get("headline-iot-insert");
        assertNotNull(h, c.keySet().toString());
        assertEquals(List.of("noop", "file"), h.categories());
        assertEquals(List.of("rows/s"), names(h));
        assertEquals(10_000.0, h.series().get(0).points().get(0)[1]);
        assertEquals(5_000.0, h.series().get(0).points().get(1)[1]);
        assertNull(h.series().get(0).ci(), "one run each: no interval to draw");
        assertFalse(c.containsKey("scaling-iot-insert"), "only the target differs: nothing to scale along");
        assertFalse(c.keySet().stream().anyMatch(k -> k.startsWith("types-")), "one operation type");
    }

    @Test
    void targetsWhoseRowsDifferBySkippedRowsAreComparedByPointsWithTheSkippedRowsSaid() {
        // the same flags: 60,000 rows and 60,000 points; one target skipped the 20,306 rows without a value
        Map<String, ChartSpec> c = charts(run("pg").target("postgres").rows(60_000).points(60_000).build(),
                run("qdb").target("questdb").rows(39_694).skipped(20_306).points(60_000).seconds(5).build());
        ChartSpec h = c.get("headline-iot-insert");
        assertNotNull(h, c.keySet().toString());
        assertEquals(List.of("points/s"), names(h));
        assertEquals(6_000.0, h.series().get(0).points().get(0)[1], "60,000 points in 10 s");
        assertEquals(12_000.0, h.series().get(0).points().get(1)[1], "60,000 points in 5 s");
        assertTrue(h.note().contains("Rows skipped per run: questdb 20,306. A target may store nothing of a row by design"), h.note());
        assertTrue(h.note().endsWith("the throughput is compared in points/s."), h.note());
        assertEquals("points/s", c.get("throughput").y().name(), "over time too");

        Report.Contents contents = Report.contents(List.of(run("pg").target("postgres").rows(60_000).points(60_000).build(),
                run("qdb").target("questdb").rows(39_694).skipped(20_306).points(60_000).seconds(5).build()));
        assertTrue(contents.intro().stream().anyMatch(l -> l.startsWith("Rows skipped per run: questdb 20,306.")), contents.intro().toString());
        Table runs = contents.tables().get(0);
        int headline = runs.columns().stream().map(Table.Column::name).toList().indexOf("headline");
        assertEquals(List.of("points/s", 6_000.0), runs.rows().get(0).subList(headline, headline + 2));
        assertEquals(List.of("points/s", 12_000.0), runs.rows().get(1).subList(headline, headline + 2));
    }

    @Test
    void rowsAreComparedWhereNoRunSkippedAny() {
        ChartSpec h = charts(run("pg").target("postgres").rows(60_000).build(), run("qdb").target("questdb").rows(60_000).build())
                .get("headline-iot-insert");
        assertEquals(List.of("rows/s"), names(h));
        assertFalse(h.note().contains("skipped"), h.note());
        assertEquals("rows/s", charts(run("pg").target("postgres").build()).get("throughput").y().name());
    }

    @Test
    void tpccGetsPerTransactionTypeChartsAndLabelsNameTheConfigurations() {
        Object[] types = {"new_order", micros(5_000, 6_000, 7_000), "payment", micros(2_000, 3_000),
                "stock_level", micros(20_000)};
        Map<String, ChartSpec> c = charts(
                run("d").target("postgres").workload("tpcc").label("default").tpmC(1000).types(types).build(),
                run("t").target("postgres").workload("tpcc").label("tuned").tpmC(1500).types(types).build());
        ChartSpec rate = c.get("types-rate-tpcc");
        assertNotNull(rate, c.keySet().toString());
        assertEquals(List.of("new_order", "payment", "stock_level"), rate.categories());
        assertEquals(List.of("postgres default", "postgres tuned"), names(rate));
        assertEquals(0.3, rate.series().get(0).points().get(0)[1], 1e-9, "3 new_order in 10 s");
        ChartSpec p99 = c.get("types-p99-tpcc");
        assertEquals(20.0, p99.series().get(0).points().get(2)[1], 0.02, "stock_level's one 20 ms");
        ChartSpec h = c.get("headline-tpcc");
        assertEquals("tpmC", h.y().name());
        assertEquals(List.of("new_order", "payment", "stock_level"),
                c.values().stream().filter(x -> x.kind().equals("latency")).map(x -> x.title().replace("Latency distribution: ", "")).toList());
        assertEquals(List.of("ops/s"), c.values().stream().filter(x -> x.kind().equals("throughput")).map(x -> x.y().name()).toList(),
                "tpcc writes no rows: transactions per second over time");
    }

    @Test
    void aRateSweepGetsOfferedAgainstAchievedAndTwoSettingsDrawOneLinePerValue() {
        Map<String, ChartSpec> c = charts(
                run("n1").option("rate", "5000").seconds(20).build(),     // 100,000 rows in 20 s: kept up
                run("n2").option("rate", "20000").seconds(10).build(),    // 10,000/s: fell behind
                run("f1").target("file").option("rate", "5000").seconds(20).build(),
                run("f2").target("file").option("rate", "20000").seconds(8).build());
        ChartSpec s = c.get("scaling-iot-insert");
        assertEquals("rate", s.x().name(), "the numeric setting is the axis, the target draws the lines");
        assertEquals(List.of("noop rows/s", "noop p99 ms", "file rows/s", "file p99 ms"), names(s));
        ChartSpec r = c.get("rate-iot-insert");
        assertNotNull(r, c.keySet().toString());
        assertEquals(List.of("noop achieved", "file achieved", "offered"), names(r));
        assertEquals(List.of(5_000.0, 10_000.0), r.series().get(0).points().stream().map(p -> p[1]).toList());
        assertEquals("reference", r.series().get(2).type());
    }

    @Test
    void threeSettingsThatDifferGetNoScalingChart() {
        Map<String, ChartSpec> c = charts(
                run("a").option("rate", "1").option("workers", "1").build(),
                run("b").option("rate", "2").option("workers", "2").target("file").build());
        assertFalse(c.containsKey("scaling-iot-insert"), c.keySet().toString());
        assertNotNull(c.get("headline-iot-insert"));
    }

    @Test
    void hostSamplesGetResourceChartsWithTheScopeSaid() {
        Map<String, ChartSpec> c = charts(run("a").host().build(), run("b").target("file").build());
        ChartSpec cpu = c.get("host-cpu");
        assertNotNull(cpu, c.keySet().toString());
        assertEquals(List.of("noop cpu busy %", "noop iowait %"), names(cpu), "only the run that sampled the host");
        assertEquals(50.0, cpu.series().get(0).points().get(0)[1]);
        assertTrue(cpu.note().contains("client host, with the target's server on it (embedded)"), cpu.note());
        assertTrue(cpu.note().contains("its use is included"), cpu.note());
        assertNotNull(c.get("host-disk"));
        assertNotNull(c.get("host-net"));
    }

    /** The database's machines: CPU, disks (IOPS left, await right) and network per run and host; a silent interval a gap. */
    @Test
    void serverHostsGetTheirChartsAndTable() {
        Map<String, ChartSpec> c = charts(run("a").serverHosts().build(), run("b").target("file").build());
        ChartSpec cpu = c.get("server-host-cpu");
        assertNotNull(cpu, c.keySet().toString());
        assertEquals(List.of("noop db1:9100 busy %", "noop db1:9100 iowait %", "noop db2:9100 busy %", "noop db2:9100 iowait %"),
                names(cpu), "only the run that sampled them, each host");
        assertEquals(80.0, cpu.series().get(0).points().get(0)[1], 1e-9);
        assertNull(cpu.series().get(2).points().get(1)[1], "db2 did not answer in the second interval: a gap, not 0");
        ChartSpec disk = c.get("server-host-disk");
        assertEquals(210.0, disk.series().get(0).points().get(0)[1], 1e-9, "IOPS: reads and writes");
        assertEquals(1, disk.series().get(1).yAxis(), "await on the right");
        assertEquals(9.0, disk.series().get(3).points().get(0)[1], 1e-9);
        assertNotNull(c.get("server-host-net"));
        assertEquals(List.of(), charts(run("c").build()).keySet().stream().filter(k -> k.startsWith("server-host")).toList());

        Table t = ServerHostCharts.table(RunSet.of(List.of(run("a").serverHosts().build(), run("b").build())));
        assertEquals(2, t.rows().size(), "one row per host of the run that has them");
        assertEquals(List.of("db2:9100", "node_exporter"), t.rows().get(1).subList(1, 3));
        assertEquals("Connection refused", String.valueOf(t.rows().get(1).get(t.rows().get(1).size() - 1)).replaceAll(".*: ", ""));
        assertNull(ServerHostCharts.table(RunSet.of(List.of(run("c").build()))));
    }

    /** A run whose stored size was not measured draws no bar at all (not a zero), and alone gets no storage chart. */
    @Test
    void aRunWhoseStoredSizeWasNotMeasuredIsLeftOutOfTheStorageChart() {
        Map<String, ChartSpec> c = charts(run("a").target("postgres").server().build(),
                run("b").target("questdb").serverSizeNotMeasured().build());
        ChartSpec storage = c.get("storage");
        assertNotNull(storage, c.keySet().toString());
        assertEquals(1, storage.categories().size(), storage.categories().toString());
        assertTrue(storage.categories().get(0).contains("postgres"), storage.categories().toString());
        for (ChartSpec.Series series : storage.series()) {
            assertEquals(1, series.points().size(), series.name());
            assertEquals(0.0, series.points().get(0)[0], series.name());
        }
        assertEquals(List.of(150.0, 15.0), storage.series().stream().map(sr -> sr.points().get(0)[1]).toList());
        String leftOut = storage.note().substring(storage.note().indexOf("Not measured, so left out: "));
        assertTrue(leftOut.contains("questdb") && !leftOut.contains("postgres"), storage.note());
        assertNull(charts(run("b").target("questdb").serverSizeNotMeasured().build()).get("storage"));
    }
    /** A configuration whose only run was stopped (exit 130) has no bar, and the note under the bars says why. */
    @Test
    void aStoppedRunsEmptySlotIsExplainedUnderTheBars() {
        RunResult stopped = run("w2").option("workers", "3").build().toBuilder().exitCode(130).stopReason(io.dbharness.core.result.StopReason.INTERRUPTED).build();
        ChartSpec h = charts(run("w1").option("workers", "1").build(), stopped).get("headline-iot-insert");
        assertNotNull(h);
        assertNull(h.series().get(0).points().get(1)[1], "no bar for the stopped run");
        assertTrue(h.note().contains("No bar for noop workers=3 (its run ended with exit code 130, INTERRUPTED: runs whose"
                + " exit code is not 0 are left out of the figures)."), h.note());
        assertFalse(charts(run("w1").option("workers", "1").build(), run("w2").option("workers", "3").build())
                .get("headline-iot-insert").note().contains("No bar"), "every configuration has its bar");
    }

    /**
     * A run stopped before its first operation measured nothing: it takes its workload's figure (rows/s), shown as
     * not measured in the runs table, and gets no line (nor a chart of its own, in ops/s) over time.
     */
    @Test
    void aRunThatCompletedNothingIsNotMeasuredRatherThanZeroOpsPerSecond() {
        RunResult ran = run("a").option("workers", "1").build();
        RunResult nothing = run("b").option("workers", "4").build().toBuilder().exitCode(130).stopReason(io.dbharness.core.result.StopReason.INTERRUPTED)
                .totals(new io.dbharness.core.result.Totals(io.dbharness.core.api.Counts.ZERO, 0.11, 0, 0, 0, 0)).operations(List.of())
                .build();
        Report.Contents contents = Report.contents(List.of(ran, nothing));
        Map<String, ChartSpec> c = contents.charts().stream().collect(Collectors.toMap(ChartSpec::id, x -> x));
        assertEquals(List.of("throughput"), c.keySet().stream().filter(k -> k.startsWith("throughput")).toList(),
                "one throughput chart, in rows/s");
        ChartSpec t = c.get("throughput");
        assertEquals("rows/s", t.y().name());
        assertEquals(List.of("noop workers=1"), names(t));
        assertTrue(t.note().endsWith("Not measured, so left out: noop workers=4 (no operation completed)."), t.note());
        Table runs = contents.tables().get(0);
        int headline = runs.columns().stream().map(Table.Column::name).toList().indexOf("headline");
        assertEquals("rows/s", runs.rows().get(0).get(headline));
        assertEquals(java.util.Arrays.asList("not measured", null), runs.rows().get(1).subList(headline, headline + 2));
    }
}
