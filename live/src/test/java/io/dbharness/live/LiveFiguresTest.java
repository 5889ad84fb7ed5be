package io.dbharness.live;

import io.dbharness.core.api.Counts;
import io.dbharness.core.api.MetricDescriptor;
import io.dbharness.core.measure.HistogramCodec;
import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.ProgressListener;
import io.dbharness.core.result.Totals;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(30)
class LiveFiguresTest {

    private static IntervalSample interval(long rows, long reconnects, long... latenciesMicros) {
        Histogram h = new Histogram(3);
        for (long l : latenciesMicros) {
            h.recordValue(l);
        }
        Counts c = Counts.builder().operations(latenciesMicros.length).rows(rows).bytes(rows * 10)
                .reconnects(reconnects).build();
        IntervalSample.TypeInterval t = new IntervalSample.TypeInterval("write", c, 0, 0, 0, HistogramCodec.encode(h));
        return new IntervalSample(1, 1, List.of(new IntervalSample.GroupInterval("writers", Totals.of(c, 1), 0, 0, 0,
                List.of(t))), HostSample.builder().harnessCpuCores(0.5).build());
    }

    private static ProgressListener.Progress progress(boolean warming) {
        return new ProgressListener.Progress(1, List.of(ProgressListener.GroupProgress.builder().group("writers")
                .state(ProgressListener.State.RUNNING).behindSeconds(0.25).load(new io.dbharness.core.api.LoadModel.Open(2,
                        1000, io.dbharness.core.api.LoadModel.Open.Pace.ROWS)).build()), warming, Map.of());
    }

    private static LiveSeries only(LiveSnapshot s, LiveFamily f, String type) {
        return s.series().stream().filter(x -> x.family().equals(f) && type.equals(x.labels().get("operation_type")))
                .findFirst().orElseThrow();
    }

    @Test
    void countsTheMeasuredIntervalsNotTheWarmUpAndBucketsTheLatencies() {
        LiveFigures figures = new LiveFigures();
        LiveRun run = figures.run(Map.of("target", "noop", "workload", "iot-insert", "step", "2"));
        run.onStage(ProgressListener.Stage.PREPARE, null);
        run.onStage(ProgressListener.Stage.MEASURE, "run-1");
        run.onInterval(interval(999, 0, 70), progress(true)); // warm-up: shown, not counted
        run.onInterval(interval(100, 0, 100, 100, 2_000), progress(false));
        run.onInterval(interval(50, 2, 40_000), progress(false));
        LiveSnapshot s = figures.snapshot();

        LiveFamily rows = LiveFamilies.COUNTS.stream().filter(f -> f.name().equals("dbharness_rows")).findFirst().orElseThrow();
        LiveSeries r = only(s, rows, "write");
        assertEquals(150, r.value());
        assertEquals(Map.of("run_id", "run-1", "run_group", "", "shard", "", "target", "noop", "workload", "iot-insert",
                "data_model", "", "step", "2", "group", "writers", "operation_type", "write"), r.labels());
        LiveSeries latency = only(s, LiveFamilies.LATENCY, "write");
        assertEquals(4, latency.histogram().count());
        // 100 us falls in the bucket of 50 us * 2^(4/4) = 100 us, so two observations at or below it
        int at100 = java.util.Arrays.binarySearch(latency.histogram().upperBounds(), 100e-6);
        assertEquals(2, latency.histogram().counts()[at100]);
        assertEquals(2, latency.histogram().counts()[at100 - 1] + 2, "none below 100 us");
        assertEquals(0.0422, latency.value(), 0.0001);
        assertTrue(s.events().stream().anyMatch(e -> e.kind() == LiveEvent.Kind.FAULT && e.name().equals("reconnect")));
        LiveSeries offered = s.series().stream().filter(x -> x.family().equals(LiveFamilies.OFFERED)).findFirst().orElseThrow();
        assertEquals(1000, offered.value());
        assertEquals("rows", offered.labels().get("pace"));
        assertEquals(0.25, s.series().stream().filter(x -> x.family().equals(LiveFamilies.BEHIND)).findFirst()
                .orElseThrow().value());
        assertEquals(List.of("prepare", "measure", "warm-up"), s.events().stream()
                .filter(e -> e.kind() == LiveEvent.Kind.STAGE).map(LiveEvent::name).toList());
        assertEquals("", s.events().get(0).labels().get("run_id"), "the run id is known from the measured stage on");
        // an annotation's text says which stage of which run (it was empty: blank annotations in Grafana)
        assertEquals(List.of("dbharness prepare", "dbharness measure run-1", "dbharness warm-up"), s.events().stream()
                .filter(e -> e.kind() == LiveEvent.Kind.STAGE).map(LiveEvent::text).toList());
    }

    @Test
    void everyCounterOfCountsIsAFamilyAndTheScrapeCarriesThem() throws IOException {
        assertEquals(Counts.class.getRecordComponents().length, LiveFamilies.COUNTS.size());
        LiveFigures figures = new LiveFigures();
        LiveRun run = figures.run(Map.of("target", "noop"));
        run.onStage(ProgressListener.Stage.MEASURE, "run-1");
        run.onInterval(interval(100, 1, 100, 200), progress(false));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrometheusTextFormatWriter.create().write(out, PrometheusFigures.render(figures.snapshot()));
        String text = out.toString(StandardCharsets.UTF_8);
        for (LiveFamily f : LiveFamilies.COUNTS) {
            assertTrue(text.contains("# TYPE " + f.name() + "_total counter"), f.name() + " in\n" + text);
        }
        assertTrue(text.contains("dbharness_rows_total{data_model=\"\",group=\"writers\",operation_type=\"write\","
                + "run_group=\"\",run_id=\"run-1\",shard=\"\",step=\"\",target=\"noop\",workload=\"\"} 100.0"), text);
        assertTrue(text.contains("# TYPE dbharness_operation_duration_seconds histogram"), text);
        assertTrue(text.contains("dbharness_operation_duration_seconds_count{"), text);
        assertTrue(text.contains("le=\"+Inf\"} 2"), text);
        assertTrue(text.contains("dbharness_events_total{"), text);
        assertTrue(text.contains("dbharness_harness_cpu_seconds_total{"), text);
        assertFalse(text.contains("password"), text);
    }

    /** The server's figures as the engine hands them live, then the result's totals at the end (set, not added). */
    @Test
    void serverFiguresShowLiveAndEndAtTheResultsTotals() {
        io.dbharness.core.api.MetricDescriptor commits = new io.dbharness.core.api.MetricDescriptor("commits",
                io.dbharness.core.api.MetricDescriptor.Kind.COUNTER, io.dbharness.core.api.MetricDescriptor.Unit.COUNT,
                io.dbharness.core.api.MetricDescriptor.Category.TRANSACTIONS, null, "commits",
                io.dbharness.core.api.MetricDescriptor.Show.ALWAYS);
        LiveFigures figures = new LiveFigures();
        LiveRun run = figures.run(Map.of("target", "postgres"));
        run.onStage(ProgressListener.Stage.MEASURE, "r");
        run.onServerMetrics(new io.dbharness.core.api.MetricCatalogue(List.of(commits)));
        io.dbharness.core.result.ServerSample first = new io.dbharness.core.result.ServerSample(0, Map.of(),
                Map.of("commits", 5.0), Map.of());
        IntervalSample one = interval(10, 0, 100).withServer(first)
                .withServerHosts(Map.of("db1:9100", HostSample.builder().cpuUserPercent(40).build()));
        run.onInterval(one, progress(false));
        LiveFamily family = LiveFamilies.server(commits);
        java.util.function.Supplier<Double> shown = () -> figures.snapshot().series().stream()
                .filter(x -> x.family().equals(family)).findFirst().orElseThrow().value();
        assertEquals(5, shown.get(), "shown before the run ends, declared as the telemetry declares it");
        assertEquals(40, figures.snapshot().series().stream().filter(x -> x.family().name()
                .equals("dbharness_server_host_cpu_user_percent")).findFirst().orElseThrow().value());
        // the end: the result's intervals hold 5 + 7 (the tail joined the last), whatever was shown
        IntervalSample two = interval(10, 0, 100).withServer(new io.dbharness.core.result.ServerSample(0, Map.of(),
                Map.of("commits", 7.0), Map.of()));
        run.finish(io.dbharness.core.result.RunResult.builder().runId("r").intervals(List.of(one, two)).build());
        assertEquals(12, shown.get(), "the result's total, not 5 + 12");
    }

    /**
     * After the end a scrape or push shows the result's elapsed time, harness CPU and the last (short) interval's
     * host levels, which no interval handed live (the new user's trial saw 15.0 s elapsed of a 20 s run, and the
     * host CPU of the interval before the last).
     */
    @Test
    void theEndSetsTheGaugesToTheResults() {
        LiveFigures figures = new LiveFigures();
        LiveRun run = figures.run(Map.of("target", "noop"));
        run.onStage(ProgressListener.Stage.MEASURE, "r");
        IntervalSample one = interval(10, 0, 100);
        run.onInterval(one, progress(false));
        IntervalSample tail = new IntervalSample(1.4, 0.4, one.groups(), HostSample.builder().cpuUserPercent(16.7)
                .harnessCpuCores(0.5).build());
        run.finish(io.dbharness.core.result.RunResult.builder().runId("r").intervals(List.of(one, tail))
                .totals(new Totals(Counts.builder().rows(20).build(), 1.4, 0, 0, 0, 0))
                .harnessCpuSeconds(java.util.OptionalDouble.of(0.84)).build());
        java.util.function.Function<String, Double> shown = name -> figures.snapshot().series().stream()
                .filter(x -> x.family().name().equals(name)).findFirst().orElseThrow().value();
        assertEquals(1.4, shown.apply("dbharness_elapsed_seconds"));
        assertEquals(0.84, shown.apply("dbharness_harness_cpu_seconds"));
        assertEquals(16.7, shown.apply("dbharness_host_cpu_user_percent"));
        assertEquals(0, shown.apply("dbharness_warming_up"));
    }

    /**
     * A sweep over targets on one endpoint: PostgreSQL's {@code wal_bytes} is a counter (WAL written), InfluxDB's a
     * gauge (WAL on disk). A scrape cannot hold two families of one name (the client refused the whole scrape): the
     * second is named with its type, and both scrape and push carry both.
     */
    @Test
    void oneServerFigureNameACounterOnOneTargetAndAGaugeOnAnotherAreBothScraped() throws IOException {
        MetricDescriptor written = new MetricDescriptor("wal_bytes", MetricDescriptor.Kind.COUNTER,
                MetricDescriptor.Unit.BYTES, MetricDescriptor.Category.WAL, null, "WAL", MetricDescriptor.Show.ALWAYS);
        MetricDescriptor onDisk = new MetricDescriptor("wal_bytes", MetricDescriptor.Kind.GAUGE,
                MetricDescriptor.Unit.BYTES, MetricDescriptor.Category.WAL, null, "WAL on disk", MetricDescriptor.Show.NO);
        MetricDescriptor writes = new MetricDescriptor("wal_writes", MetricDescriptor.Kind.COUNTER,
                MetricDescriptor.Unit.COUNT, MetricDescriptor.Category.WAL, null, "WAL writes", MetricDescriptor.Show.NO);
        MetricDescriptor writesElsewhere = new MetricDescriptor("wal_writes", MetricDescriptor.Kind.COUNTER,
                MetricDescriptor.Unit.COUNT, MetricDescriptor.Category.WAL, null, "WAL flushes", MetricDescriptor.Show.NO);
        LiveFigures figures = new LiveFigures();
        Map<String, String> postgres = Map.of("target", "postgres", "step", "1");
        Map<String, String> influx = Map.of("target", "influx", "step", "2");
        figures.add(LiveFamilies.server(written), postgres, 8192);
        figures.add(LiveFamilies.server(writes), postgres, 3);
        figures.set(LiveFamilies.server(onDisk), influx, 4096);
        figures.add(LiveFamilies.server(writesElsewhere), influx, 5);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrometheusTextFormatWriter.create().write(out, PrometheusFigures.render(figures.snapshot()));
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("# TYPE dbharness_server_wal_bytes_total counter"), text);
        assertTrue(text.contains("# TYPE dbharness_server_wal_bytes_gauge gauge"), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("dbharness_server_wal_bytes_total{")
                && l.contains("target=\"postgres\"") && l.endsWith(" 8192.0")), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("dbharness_server_wal_bytes_gauge{")
                && l.contains("target=\"influx\"") && l.endsWith(" 4096.0")), text);
        // one counter of one name, each target's series in it
        assertEquals(1, text.lines().filter(l -> l.equals("# TYPE dbharness_server_wal_writes_total counter")).count(), text);
        assertEquals(2, text.lines().filter(l -> l.startsWith("dbharness_server_wal_writes_total{")).count(), text);
        List<String> pushed = new InfluxLines(io.dbharness.core.encode.LinePrecision.MS).series(figures.snapshot());
        assertTrue(pushed.stream().anyMatch(l -> l.startsWith("dbharness_server_wal_bytes_gauge,")), pushed.toString());
        assertTrue(pushed.stream().anyMatch(l -> l.startsWith("dbharness_server_wal_bytes_total,")), pushed.toString());
    }

    /**
     * What reads the figures while an interval is applied (a scrape, on a thread of its own) sees all of it or none
     * of it: here an exporter told of the interval's lost connection (raised before its rows are added) finds the
     * interval's rows already there.
     */
    @Test
    void anIntervalIsSeenWholeOrNotAtAll() {
        LiveFigures figures = new LiveFigures();
        LiveRun run = figures.run(Map.of("target", "noop"));
        run.onStage(ProgressListener.Stage.MEASURE, "run-1");
        List<Double> rowsSeenAtTheFault = new java.util.ArrayList<>();
        figures.addExporter(new LiveExporter() {
            @Override
            public void updated(LiveFigures f) {
            }

            @Override
            public void event(LiveEvent e) {
                if (e.name().equals("lost-connection")) {
                    rowsSeenAtTheFault.add(figures.snapshot().series().stream().filter(s -> s.family().name()
                            .equals("dbharness_rows")).mapToDouble(LiveSeries::value).sum());
                }
            }
        });
        ProgressListener.Progress reconnecting = new ProgressListener.Progress(1, List.of(ProgressListener.GroupProgress
                .builder().group("writers").state(ProgressListener.State.RECONNECTING).reconnecting(2).build()), false,
                Map.of());
        run.onInterval(interval(100, 0, 100), reconnecting);
        assertEquals(List.of(100.0), rowsSeenAtTheFault);
    }
}
