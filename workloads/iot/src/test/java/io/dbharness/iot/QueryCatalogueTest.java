package io.dbharness.iot;

import io.dbharness.core.api.GeneratorProvider;
import io.dbharness.core.api.QueryCatalogue;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.QueryAnswer;
import io.dbharness.core.api.QueryParams;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The catalogue's names, the parameters' determinism and range, answer normalisation, --queries and --query-file. */
@org.junit.jupiter.api.Timeout(120)
class QueryCatalogueTest {

    @TempDir
    Path tmp;

    @Test
    void catalogueHasTheNamesOfItsOrigins() {
        assertEquals(List.of("single-tag-latest", "multi-tag-latest", "single-tag-detail", "count", "min-max", "stats",
                "stats-per-device", "newest-per-device", "1-device-1-hr", "1-device-12-hr", "8-device-1-hr",
                "groupby-time", "high-metric", "lastpoint"), Catalogues.TELEMATICS.queries().stream().map(QueryCatalogue.Query::name).toList());
    }

    /** Each model's provider declares its catalogue; a model without one (template, file) runs --query-file's only. */
    @Test
    void eachModelsProviderDeclaresItsCatalogue() {
        Map<String, Integer> sizes = new java.util.TreeMap<>();
        for (GeneratorProvider g : GeneratorProvider.all()) {
            assertEquals(g.name(), g.catalogue().model());
            sizes.put(g.name(), g.catalogue().queries().size());
        }
        assertEquals(Map.of("devops", 15, "events", 5, "file", 0, "telematics", 14, "template", 0,
                "trucks", 13), sizes);
        assertEquals("single-groupby-1-1-1", GeneratorProvider.named("devops").catalogue().get("1-host-1-hr").name(),
                "influxdb-comparisons' name is an alias");
    }

    @Test
    void parametersAreAFunctionOfSeedQueryAndInstanceAndStayInsideTheData() {
        IotOptions data = TestSettings.options("tag-num", "100", "ts-start", "2022-04-18 09:00:30", "ts-end", "2022-04-18 13:00:00");
        QueryParameters p = new QueryParameters(data);
        long dataStart = data.tsStartMicros();
        long dataEnd = dataStart + data.steps() * data.stepMicros();
        for (long k = 0; k < 500; k++) {
            QueryParams q = p.of("8-device-1-hr", k, 8, Duration.ofHours(1));
            assertEquals(q, new QueryParameters(data).of("8-device-1-hr", k, 8, Duration.ofHours(1)));
            assertTrue(q.tag() >= 1 && q.tag() <= 100);
            long[] tags = q.tags();
            assertEquals(8, Arrays.stream(tags).distinct().count(), "distinct devices: " + Arrays.toString(tags));
            assertTrue(Arrays.stream(tags).allMatch(t -> t >= 1 && t <= 100));
            assertEquals(0, q.startMicros() % 60_000_000L, "minute-aligned");
            assertEquals(3_600_000_000L, q.endMicros() - q.startMicros());
            assertTrue(q.startMicros() > dataStart - 60_000_000L && q.endMicros() <= dataEnd, "inside the data");
        }
        assertTrue(java.util.stream.LongStream.range(0, 500).map(k -> p.of("stats", k, 1, null).tag()).distinct().count() > 90,
                "instances draw devices all over the range");
        QueryParams whole = p.of("count", 0, 1, null);
        assertEquals(dataStart, whole.startMicros());
        assertEquals(dataEnd, whole.endMicros());
        // fewer devices than asked: all of them, each once
        IotOptions few = TestSettings.options("tag-num", "3");
        assertEquals(List.of(1L, 2L, 3L), Arrays.stream(new QueryParameters(few).of("multi-tag-latest", 0, 4, null).tags())
                .boxed().toList());
    }

    /** {@code {choice}} (TSBS's fleet) is drawn per instance from the query's values, like every other parameter. */
    @Test
    void choicesAreDrawnFromTheQuerysValuesPerInstance() {
        QueryParameters p = new QueryParameters(TestSettings.options("tag-num", "10"));
        List<String> fleets = Catalogues.FLEETS;
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (long k = 0; k < 200; k++) {
            QueryParams q = p.of("last-loc", k, 1, null, fleets);
            assertEquals(q, p.of("last-loc", k, 1, null, fleets), "a function of the instance");
            assertTrue(fleets.contains(q.choice()), q.choice());
            seen.add(q.choice());
        }
        assertEquals(new java.util.HashSet<>(fleets), seen, "every fleet is drawn");
        assertEquals(null, p.of("stats", 0, 1, null).choice(), "a query without values has no choice");
        assertEquals("choice=" + p.of("last-loc", 3, 1, null, fleets).choice(),
                QueryParameters.describe(p.of("last-loc", 3, 1, null, fleets), false, false, false, false, true));
    }

    /** A tag a point lacks: NULL in an SQL column, an empty tag value in an InfluxDB group; the same answer. */
    @Test
    void anAbsentTagIsTheSameAsNullOrEmpty() throws TargetException {
        var q = Catalogues.TRUCKS.get("stationary-trucks");
        Answers a = new Answers(q.columns(), MetricType.FLOAT8);
        assertEquals(a.normalise(q.name(), new QueryAnswer(List.of("name", "driver"),
                        List.<Object[]>of(new Object[] {"truck_1", null}), 1)),
                a.normalise(q.name(), new QueryAnswer(List.of("time", "mean_velocity", "driver", "name"),
                        List.<Object[]>of(new Object[] {Instant.EPOCH, 0.5, "", "truck_1"}), 1)));
    }

    /** Values' texts come from a cache by their bits: values that share a slot, repeated, still get their own. */
    @Test
    void everyMetricValueIsItsOwnTextWhateverTheCacheHolds() throws TargetException {
        var min = Catalogues.TELEMATICS.get("min-max");
        Answers f8 = new Answers(min.columns(), MetricType.FLOAT8);
        Answers f4 = new Answers(min.columns(), MetricType.FLOAT4);
        java.util.SplittableRandom random = new java.util.SplittableRandom(7);
        double[] values = new double[20_000]; // five times the cache's slots: many share one
        for (int i = 0; i < values.length; i++) {
            values[i] = i % 3 == 0 ? random.nextInt(100_000) / 100.0 : random.nextDouble() * 1e6 - 5e5;
        }
        values[1] = -0.0;
        values[2] = Double.NaN;
        for (int round = 0; round < 2; round++) {
            for (double v : values) {
                QueryAnswer a = new QueryAnswer(List.of("min_value", "max_value"), List.<Object[]>of(new Object[] {v, v}), 1);
                assertEquals(List.of(List.of(Double.toString(v), Double.toString(v))), f8.normalise("min-max", a));
                assertEquals(List.of(List.of(Float.toString((float) v), Float.toString((float) v))), f4.normalise("min-max", a));
            }
        }
        // whole numbers, devops' values and any long: Long.toString's text whatever the cache holds
        Answers i8 = new Answers(min.columns(), MetricType.INT8);
        long[] longs = new long[20_000];
        for (int i = 0; i < longs.length; i++) {
            longs[i] = i % 2 == 0 ? random.nextInt(101) : random.nextLong();
        }
        longs[1] = Long.MIN_VALUE;
        longs[3] = 0;
        for (int round = 0; round < 2; round++) {
            for (long v : longs) {
                QueryAnswer a = new QueryAnswer(List.of("min_value", "max_value"), List.<Object[]>of(new Object[] {v, v}), 1);
                assertEquals(List.of(List.of(Long.toString(v), Long.toString(v))), i8.normalise("min-max", a));
            }
        }
    }

    @Test
    void answersAreNormalisedByColumnNameTypeAndOrder() throws TargetException {
        var stats = Catalogues.TELEMATICS.get("stats-per-device");
        Answers a = new Answers(stats.columns(), MetricType.FLOAT8);
        // the same averages summed in another order, columns in another order, rows in another order
        QueryAnswer pg = new QueryAnswer(List.of("tag_id", "count", "min_value", "max_value", "mean"), List.of(
                new Object[] {2L, 3L, 0.1, 0.3, new BigDecimal("0.20000000000000001")},
                new Object[] {1L, 3L, 1.5, 2.5, 2.0}), 2);
        QueryAnswer influx = new QueryAnswer(List.of("time", "mean", "max_value", "min_value", "count", "tag_id"), List.of(
                new Object[] {Instant.EPOCH, 2.0000000000000004, 2.5, 1.5, 3L, "1"},
                new Object[] {Instant.EPOCH, 0.19999999999999998, 0.3, 0.1, 3L, "2"}), 2);
        List<List<String>> x = a.normalise("stats-per-device", pg);
        assertEquals(x, a.normalise("stats-per-device", influx));
        assertEquals(List.of(List.of("1", "3", "1.5", "2.5", "2"), List.of("2", "3", "0.1", "0.3", "0.2")), x);
        assertEquals(Answers.digest(x), Answers.digest(a.normalise("stats-per-device", influx)));

        // float4: the stored binary value and the decimal one are the same metric value
        Answers f4 = new Answers(Catalogues.TELEMATICS.get("min-max").columns(), MetricType.FLOAT4);
        assertEquals(f4.normalise("min-max", new QueryAnswer(List.of("min_value", "max_value"),
                        List.<Object[]>of(new Object[] {(double) 123.45f, 1.0}), 1)),
                f4.normalise("min-max", new QueryAnswer(List.of("min_value", "max_value"),
                        List.<Object[]>of(new Object[] {123.45, 1.0}), 1)));

        // a time column named by the target itself ("time") stands for the query's; UTC with microseconds
        Answers minute = new Answers(Catalogues.TELEMATICS.get("1-device-1-hr").columns(), MetricType.INT4);
        assertEquals(List.of(List.of("2022-04-18T09:01:00.000000Z", "7")), minute.normalise("1-device-1-hr",
                new QueryAnswer(List.of("time", "max_value"), List.<Object[]>of(new Object[] {
                        Instant.parse("2022-04-18T09:01:00Z"), 7.0}), 1)));

        TargetException missing = assertThrows(TargetException.class, () -> minute.normalise("1-device-1-hr",
                new QueryAnswer(List.of("time", "max"), List.of(), 0)));
        assertTrue(missing.getMessage().contains("no column 'max_value'"), missing.getMessage());
    }

    @Test
    void timesAreWrittenAsTheIsoFormatterWritesThem() {
        java.time.format.DateTimeFormatter iso = java.time.format.DateTimeFormatter
                .ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(java.time.ZoneOffset.UTC);
        java.util.Random r = new java.util.Random(7);
        for (int i = 0; i < 10_000; i++) {
            Instant t = Instant.ofEpochSecond(r.nextLong(-2_208_988_800L, 9_000_000_000L), r.nextInt(1_000_000) * 1000L);
            assertEquals(iso.format(t), Answers.time(t));
        }
        assertEquals("2022-04-18T09:00:00.000001Z", Answers.time(Instant.parse("2022-04-18T09:00:00.000001Z")));
    }

    @Test
    void queriesTakeWeightsAndRefuseWhatIsUnknown() {
        assertEquals(Map.of("stats", 3, "lastpoint", 1), QueryOptions.weights("stats:3, lastpoint", java.util.Optional.empty()));
        assertEquals(14, QueryOptions.weights("all", java.util.Optional.empty()).size());
        UsageException unknown = assertThrows(UsageException.class, () -> QueryOptions.weights("stats,1-host-1-hr",
                java.util.Optional.empty()));
        assertTrue(unknown.getMessage().startsWith("unknown query '1-host-1-hr' in --queries; valid queries (--generator telematics): single-tag-latest"),
                unknown.getMessage());
        for (String bad : List.of("stats:0", "stats:x", "stats,,count", "stats,stats", ",", "stats,", " ")) {
            assertThrows(UsageException.class, () -> QueryOptions.weights(bad, java.util.Optional.empty()), bad);
        }
        QueryOptions o = QueryOptions.from(TestSettings.query("duration", "10s"), false);
        assertTrue(o.queryCount().isEmpty(), "--duration alone runs as many as it allows");
        assertEquals(QueryOptions.DEFAULT_QUERY_COUNT, QueryOptions.from(TestSettings.query(), false).queryCount().getAsLong());
    }

    @Test
    void queryFileIsCheckedBeforeAnythingRuns() throws Exception {
        Path ok = write("ok.yaml", """
                queries:
                  - name: busy
                    window: 10m
                    sql: SELECT tag_id, count(*) AS n FROM {table} WHERE ts >= {start} AND ts < {end} GROUP BY tag_id
                    influxql: SELECT count({metric}) FROM {table} WHERE time >= {start} AND time < {end} GROUP BY tag_id
                """);
        QueryFile f = QueryFile.read(ok);
        assertEquals(Duration.ofMinutes(10), f.queries().get("busy").window());
        assertEquals("SELECT count({metric}) FROM {table} WHERE time >= {start} AND time < {end} GROUP BY tag_id",
                f.queries().get("busy").textFor(List.of("questdb", "influxql")).orElseThrow().text());

        assertRefused("unknown placeholder {device}", """
                queries:
                  - name: x
                    sql: SELECT * FROM {table} WHERE tag_id = {device}
                """);
        assertRefused("{choice} is a catalogue query's own", """
                queries:
                  - name: x
                    sql: SELECT * FROM {table} WHERE fleet = {choice}
                """);
        assertRefused("not valid YAML at line 3", "queries:\n  - name: x\n    sql: [unclosed\n");
        assertRefused("is taken by the catalogue", "queries:\n  - name: stats\n    sql: SELECT 1\n");
        assertRefused("has no text", "queries:\n  - name: x\n");
        assertRefused("unknown key 'mysql'", "queries:\n  - name: x\n    mysql: SELECT 1\n");
        assertRefused("unknown key 'windw'", "queries:\n  - name: x\n    sql: SELECT 1\n    windw: 5m\n");
        assertRefused("expected a list 'queries:'", "select: 1\n");
        assertRefused("no such file", null);
    }

    /** A query file's names are checked against the catalogue of the model that generates, aliases included. */
    @Test
    void queryFileNamesAreTheChosenModelsToTake() throws Exception {
        Path lastpoint = write("lastpoint.yaml", "queries:\n  - name: lastpoint\n    sql: SELECT 1\n");
        assertTrue(QueryFile.read(lastpoint, GeneratorProvider.named(EventsProvider.NAME).catalogue()).queries().containsKey("lastpoint"),
                "events has no lastpoint");
        for (String[] taken : new String[][] {{"events", "count-events"}, {"devops", "1-host-1-hr"},
                {"devops", "single-groupby-1-1-1"}}) {
            Path p = write(taken[1] + ".yaml", "queries:\n  - name: " + taken[1] + "\n    sql: SELECT 1\n");
            UsageException e = assertThrows(UsageException.class, () -> QueryFile.read(p, GeneratorProvider.named(taken[0]).catalogue()));
            assertTrue(e.getMessage().endsWith("query name '" + taken[1] + "' is taken by the catalogue of --generator "
                    + taken[0] + "; choose another"), e.getMessage());
        }
    }

    private Path write(String name, String text) throws Exception {
        Path p = tmp.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private void assertRefused(String expected, String text) throws Exception {
        Path p = text == null ? tmp.resolve("absent.yaml") : write("q" + System.nanoTime() + ".yaml", text);
        UsageException e = assertThrows(UsageException.class, () -> QueryFile.read(p));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(e.getMessage().startsWith("--query-file "), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }
}
