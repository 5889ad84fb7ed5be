package io.dbharness.influx;

import io.dbharness.core.api.AnswerDigest;
import io.dbharness.core.api.CompiledQuery;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.QueryAnswer;
import io.dbharness.core.api.QueryParams;
import io.dbharness.core.api.QueryReader;
import io.dbharness.core.api.QueryShape;
import io.dbharness.core.api.QueryTemplate;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TimeSeriesQuery;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.api.QueryCatalogue;
import io.dbharness.iot.Catalogues;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The query catalogue in InfluxQL against a real InfluxDB 1.x: a whole {@code iot-query --load} run, then the
 * reader on the loaded data directly (answers, row counts without rows, errors, timeouts and cancels).
 */
@org.junit.jupiter.api.Tag("server")
class InfluxQueryTest {

    private static final String DB = "queries";
    private static final String TABLE = "telematics";
    private static final int TAGS = 50;
    private static final int SECONDS = 15 * 60;
    private static final long T0 = 1_650_272_400_000_000L; // 2022-04-18 09:00:00 UTC
    private static final long MINUTE = 60_000_000L;

    private static InfluxServer server;
    private static RunResult run;

    @BeforeAll
    static void loadAndQuery() throws Exception {
        server = InfluxServer.start(false);
        // 15 minutes: every per-minute answer has at most 15 rows, so the result keeps its values
        run = Harness.run(spec().option("load", true).option("query-count", 200).build());
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    private static RunSpec.Builder spec() {
        return RunSpec.builder().target("influx").workload("iot-query")
                .option("influx-url", server.url()).option("influx-database", DB).option("table-name", TABLE)
                .option("tag-num", TAGS).option("total-metrics-count", 5).option("ts-start", "2022-04-18 09:00:00")
                .option("ts-end", "2022-04-18 09:15:00").option("generator-empty-value-ratio", 0)
                .option("verify", true).option("no-watch", true).environment(Map.of());
    }

    /** A plain InfluxQL count of the points, independent of the target's code. */
    private static long points() throws Exception {
        String json = server.query("SELECT count(tag_id) FROM (SELECT * FROM \"" + DB + "\"..\"" + TABLE + "\")", false);
        return Long.parseLong(json.replaceAll("(?s).*\"values\":\\[\\[[^,]+,(\\d+)\\]\\].*", "$1"));
    }

    @Test
    void iotQueryWithLoadRunsEveryCatalogueQuery() throws Exception {
        assertEquals(0, run.exitCode(), String.valueOf(run.failure()));
        assertEquals(0, run.totals().counts().errors(), run.errors().toString());
        assertEquals("PASSED", run.verification().status(), run.verification().toString());
        Set<String> ran = run.operations().stream().filter(o -> o.counts().completed() > 0 && o.counts().errors() == 0)
                .map(OperationStats::type).collect(Collectors.toSet());
        for (QueryCatalogue.Query q : Catalogues.TELEMATICS.queries()) {
            assertTrue(ran.contains(q.name()), q.name() + " did not complete: " + run.operations());
        }
        assertTrue(run.workloadFacts().details().get("query.count").startsWith("SELECT count(\"c"), run.workloadFacts().details().toString());
    }

    @Test
    void keptAnswersArePlausible() throws Exception {
        long points = points();
        assertEquals((long) TAGS * SECONDS, points, "no row is empty at --generator-empty-value-ratio 0");
        Map<String, List<AnswerDigest>> byQuery = run.answers().stream()
                .collect(Collectors.groupingBy(AnswerDigest::query));
        assertEquals(Catalogues.TELEMATICS.queries().size(), byQuery.size(), byQuery.keySet().toString());
        String last = "2022-04-18T09:14:59.000000Z";
        for (AnswerDigest a : byQuery.get("count")) {
            assertEquals(List.of(List.of(Long.toString(points))), a.values());
        }
        for (AnswerDigest a : byQuery.get("stats")) {
            assertEquals(Long.toString(points), a.values().get(0).get(0));
        }
        for (AnswerDigest a : byQuery.get("lastpoint")) {
            assertEquals(TAGS, a.rows(), "one row per device");
        }
        for (AnswerDigest a : byQuery.get("single-tag-latest")) {
            List<String> row = a.values().get(0);
            assertEquals(List.of(last, a.parameters().replace("tag=", "")), row.subList(0, 2));
            assertEquals(7, row.size(), "ts, tag_id and the 5 metrics");
            assertFalse(row.contains("null"), row.toString());
        }
        for (AnswerDigest a : byQuery.get("multi-tag-latest")) {
            assertEquals(10, a.rows(), "--query-tags devices, one row each");
            a.values().forEach(row -> assertEquals(last, row.get(0)));
        }
        for (AnswerDigest a : byQuery.get("newest-per-device")) {
            assertEquals(TAGS, a.rows());
        }
        for (AnswerDigest a : byQuery.get("stats-per-device")) {
            assertEquals(TAGS, a.rows());
        }
        for (AnswerDigest a : byQuery.get("single-tag-detail")) {
            assertEquals(SECONDS, a.rows(), "every second of the device within the hour: the whole data");
        }
        for (String perMinute : List.of("1-device-1-hr", "1-device-12-hr", "8-device-1-hr", "groupby-time")) {
            for (AnswerDigest a : byQuery.get(perMinute)) {
                assertEquals(15, a.rows(), perMinute + ": the 15 minutes of data, none empty");
                for (List<String> row : a.values()) {
                    assertTrue(row.get(0).matches("2022-04-18T09:\\d\\d:00\\.000000Z"), perMinute + ": " + row);
                }
            }
        }
        for (AnswerDigest a : byQuery.get("groupby-time")) {
            a.values().forEach(row -> assertEquals(Integer.toString(TAGS * 60), row.get(2), "values per minute"));
        }
    }

    /** With the engine's options (--op-timeout) as a run would give them. */
    private static TargetAdapter open(Map<String, String> options) throws TargetException {
        InfluxTargetProvider p = new InfluxTargetProvider();
        List<OptionDef> defs = new ArrayList<>(RunOptions.OPTIONS);
        defs.addAll(p.options());
        Map<String, String> all = new HashMap<>(options);
        all.put("influx-url", server.url());
        return p.open(Settings.resolve(defs, all, Map.of()));
    }

    private static CompiledQuery compile(TimeSeriesQuery q, String name, int tagCount) {
        SeriesSchema schema = new SeriesSchema(TABLE, MetricType.FLOAT8, 5, 998);
        return q.language().compile(name, QueryTemplate.parse(name, q.language().catalogueTemplate(name).orElseThrow()),
                new QueryShape(schema, 2, tagCount));
    }

    private static QueryParams params(long start, long end) {
        return new QueryParams(7, new long[] {3, 4, 5, 6, 7, 8, 9, 10}, start, end, 900.0);
    }

    @Test
    void theReaderOnTheLoadedData() throws Exception {
        try (TargetAdapter t = open(Map.of("influx-database", DB))) {
            TimeSeriesQuery q = t.capability(TimeSeriesQuery.class).orElseThrow();
            assertEquals(List.of("influxql"), q.language().languages());
            assertEquals(TimeSeriesQuery.TableState.HAS_ROWS,
                    q.tableState(new SeriesSchema(TABLE, MetricType.FLOAT8, 5, 998)));
            try (QueryReader reader = q.openReader()) {
                QueryParams window = params(T0 + 5 * MINUTE, T0 + 65 * MINUTE);

                QueryAnswer perMinute = reader.run(compile(q, "1-device-1-hr", 1), window, true);
                assertEquals(List.of("time", "max_value"), perMinute.columns());
                assertEquals(10, perMinute.rowCount(), "minutes 5..14 hold data");
                for (Object[] row : perMinute.rows()) {
                    Instant minute = (Instant) row[0];
                    assertEquals(0, minute.getEpochSecond() % 60, minute.toString());
                    assertEquals(0, minute.getNano());
                    assertTrue(row[1] instanceof Double, row[1].getClass().toString());
                }
                QueryAnswer counted = reader.run(compile(q, "1-device-1-hr", 1), window, false);
                assertEquals(10, counted.rowCount());
                assertTrue(counted.rows().isEmpty());

                QueryAnswer stats = reader.run(compile(q, "stats-per-device", 1), window, true);
                assertEquals(TAGS, stats.rowCount());
                int tagAt = stats.columns().indexOf("tag_id");
                int countAt = stats.columns().indexOf("count");
                assertTrue(tagAt >= 0 && countAt >= 0, stats.columns().toString());
                for (Object[] row : stats.rows()) {
                    assertTrue(row[tagAt] instanceof String, "tags come as strings");
                    assertEquals((long) SECONDS, row[countAt], "JSON integers are Longs");
                }

                QueryAnswer latest = reader.run(compile(q, "multi-tag-latest", 8), window, true);
                assertEquals(8, latest.rowCount());
                assertEquals(Set.of("3", "4", "5", "6", "7", "8", "9", "10"), latest.rows().stream()
                        .map(r -> (String) r[latest.columns().indexOf("tag_id")]).collect(Collectors.toSet()));
                assertTrue(latest.columns().containsAll(List.of("time", "tag_id", "c0", "c1", "c2", "c3", "c4")),
                        latest.columns().toString());

                QueryAnswer none = reader.run(compile(q, "1-device-1-hr", 1), params(T0 - 120 * MINUTE, T0 - 60 * MINUTE), true);
                assertEquals(0, none.rowCount(), "no data in the window: no row");
            }
        }
    }

    @Test
    void absentStoresAndMeasurementsAreAbsent() throws Exception {
        SeriesSchema other = new SeriesSchema("nothing_here", MetricType.FLOAT8, 5, 998);
        try (TargetAdapter t = open(Map.of("influx-database", DB))) {
            assertEquals(TimeSeriesQuery.TableState.ABSENT, t.capability(TimeSeriesQuery.class).orElseThrow().tableState(other));
        }
        try (TargetAdapter t = open(Map.of("influx-database", "no_such_db"))) {
            assertEquals(TimeSeriesQuery.TableState.ABSENT, t.capability(TimeSeriesQuery.class).orElseThrow()
                    .tableState(new SeriesSchema(TABLE, MetricType.FLOAT8, 5, 998)));
        }
        UsageException e = assertThrows(UsageException.class,
                () -> Harness.run(spec().option("table-name", "nothing_here").build()));
        assertTrue(e.getMessage().contains("does not exist") && e.getMessage().contains("--load"), e.getMessage());
    }

    @Test
    void aQueryInfluxDbRefusesIsFatalWithItsMessage() throws Exception {
        try (TargetAdapter t = open(Map.of("influx-database", DB))) {
            TimeSeriesQuery q = t.capability(TimeSeriesQuery.class).orElseThrow();
            SeriesSchema schema = new SeriesSchema(TABLE, MetricType.FLOAT8, 5, 998);
            CompiledQuery bad = q.language().compile("bad", QueryTemplate.parse("bad", "SELECT max({metric}) FROM {table} GROUP BY"),
                    new QueryShape(schema, 0, 1));
            CompiledQuery unknownFunction = q.language().compile("nofn", QueryTemplate.parse("nofn", "SELECT nosuch({metric}) FROM {table}"),
                    new QueryShape(schema, 0, 1));
            try (QueryReader reader = q.openReader()) {
                TargetException syntax = assertThrows(TargetException.class, () -> reader.run(bad, params(T0, T0 + MINUTE), true));
                assertEquals(TargetException.Kind.FATAL, syntax.kind());
                assertEquals("400", syntax.vendorCode());
                assertTrue(syntax.getMessage().contains("query bad") && syntax.getMessage().contains("error parsing query"),
                        syntax.getMessage());
                TargetException refused = assertThrows(TargetException.class,
                        () -> reader.run(unknownFunction, params(T0, T0 + MINUTE), true));
                assertEquals(TargetException.Kind.FATAL, refused.kind());
                assertTrue(refused.getMessage().contains("nosuch"), refused.getMessage());
            }
        }
    }

    /**
     * Freezes the server (SIGSTOP), and lets it go again whatever happens. The bounds tell the 1 s op-timeout, and a
     * cancel, from the default op-timeout of a minute (and from a frozen server's never): a quarter of that minute.
     */
    @Test
    void aFrozenServerTimesOutAndACancelEndsTheCallAtOnce() throws Exception {
        long bound = TimeUnit.SECONDS.toMillis(60) / 4;
        try (TargetAdapter t = open(Map.of("influx-database", DB, "op-timeout", "1s"))) {
            TimeSeriesQuery q = t.capability(TimeSeriesQuery.class).orElseThrow();
            CompiledQuery count = compile(q, "count", 1);
            try (QueryReader reader = q.openReader()) {
                assertEquals(1, reader.run(count, params(T0, T0 + MINUTE), true).rowCount());
                server.freeze();
                try {
                    long begun = System.nanoTime();
                    TargetException timedOut = assertThrows(TargetException.class,
                            () -> reader.run(count, params(T0, T0 + MINUTE), true));
                    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begun);
                    assertEquals(TargetException.Kind.TIMEOUT, timedOut.kind(), timedOut.getMessage());
                    assertTrue(millis >= 900 && millis < bound, millis + " ms");
                } finally {
                    server.thaw();
                }
                assertTrue(reader.reconnect(), "the timed-out call's connection is reported as replaced");
                assertFalse(reader.reconnect());
                assertEquals(1, reader.run(count, params(T0, T0 + MINUTE), true).rowCount());
            }
        }
        try (TargetAdapter t = open(Map.of("influx-database", DB, "op-timeout", "60s"))) {
            TimeSeriesQuery q = t.capability(TimeSeriesQuery.class).orElseThrow();
            CompiledQuery count = compile(q, "count", 1);
            try (InfluxQlReader reader = (InfluxQlReader) q.openReader()) {
                server.freeze();
                try {
                    CompletableFuture<TargetException> failed = CompletableFuture.supplyAsync(() -> {
                        try {
                            reader.run(count, params(T0, T0 + MINUTE), true);
                            return null;
                        } catch (TargetException e) {
                            return e;
                        }
                    });
                    // the cancel once the call is under way, however long a loaded machine took to start it
                    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                    while (!reader.inFlight() && !failed.isDone()) {
                        assertTrue(System.nanoTime() < until, "the query not under way within 60 s");
                        Thread.sleep(5);
                    }
                    long begun = System.nanoTime();
                    reader.cancel();
                    TargetException e = failed.get(2, TimeUnit.MINUTES);
                    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begun);
                    assertNotNull(e, "a cancelled call fails");
                    assertEquals(TargetException.Kind.TIMEOUT, e.kind(), e.getMessage());
                    assertTrue(e.getMessage().contains("cancelled"), e.getMessage());
                    assertTrue(millis < bound, "ended " + millis + " ms after the cancel");
                } finally {
                    server.thaw();
                }
            }
        }
    }
}
