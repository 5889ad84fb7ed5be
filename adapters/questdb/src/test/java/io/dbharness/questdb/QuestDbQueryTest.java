package io.dbharness.questdb;

import io.dbharness.core.api.AnswerDigest;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.QueryAnswer;
import io.dbharness.core.api.QueryParams;
import io.dbharness.core.api.QueryReader;
import io.dbharness.core.api.QueryShape;
import io.dbharness.core.api.QueryTemplate;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.SchemaMode;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.TimeSeriesQuery;
import io.dbharness.core.api.TimeSeriesQuery.TableState;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The query catalogue on QuestDB through the engine ({@code iot-query --load}), its answers checked against
 * what a plain scan of the loaded rows says they must be: the PostgreSQL texts' semantics.
 */
@org.junit.jupiter.api.Tag("server")
class QuestDbQueryTest {

    private static final List<String> CATALOGUE = List.of("single-tag-latest", "multi-tag-latest", "single-tag-detail",
            "count", "min-max", "stats", "stats-per-device", "newest-per-device", "1-device-1-hr", "1-device-12-hr",
            "8-device-1-hr", "groupby-time", "high-metric", "lastpoint");
    /** At most 20: answers of up to 20 rows keep their values, so the per-device answers can be compared whole. */
    private static final int TAGS = 20;
    private static final int METRICS = 5;
    private static final int MINUTES = 60;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'")
            .withZone(ZoneOffset.UTC);
    private static final Pattern METRIC = Pattern.compile("\"(c\\d+)\"");
    private static final Pattern TAG = Pattern.compile("\\btag=(\\d+)");

    @Test
    void catalogueWithEveryValuePresent() throws Exception {
        RunResult r = Harness.run(spec("q_full").option("generator-empty-value-ratio", 0).build());
        Reference ref = check(r, "q_full");
        assertEquals(TAGS * MINUTES * 60L, ref.rows, "no value is empty, so no row is skipped");
        assertEquals(Set.of((long) MINUTES * 60), rowCounts(r, "single-tag-detail"));
        assertEquals(Set.of((long) MINUTES), rowCounts(r, "1-device-1-hr"));
        assertEquals(Set.of((long) MINUTES), rowCounts(r, "8-device-1-hr"));
    }

    /** 90 % of the values NULL: the texts must skip them as the PostgreSQL ones do. */
    @Test
    void catalogueWithDefaultEmptyValues() throws Exception {
        RunResult r = Harness.run(spec("q_sparse").option("generator-randomness", "L").build());
        Reference ref = check(r, "q_sparse");
        assertTrue(ref.rows < TAGS * MINUTES * 60L, "rows without any value are not written");
        for (String q : List.of("single-tag-detail", "1-device-1-hr", "8-device-1-hr")) {
            assertTrue(rowCounts(r, q).stream().allMatch(n -> n > 0), q);
        }
        checkDirect("q_sparse", ref);
    }

    /**
     * The texts whose answers are too long to keep, run through the capability on the loaded table and compared
     * value by value with the scan; the window starts mid-minute, so the buckets must be whole minutes anyway.
     */
    private static void checkDirect(String table, Reference ref) throws Exception {
        SeriesSchema schema = new SeriesSchema(table, MetricType.FLOAT8, METRICS, 998);
        int m = 2;
        long start = micros("2022-04-18T09:07:30Z");
        long end = micros("2022-04-18T09:37:30Z");
        Set<Long> eight = Set.of(2L, 3L, 5L, 7L, 11L, 13L, 17L, 19L);
        QueryParams p = new QueryParams(7, eight.stream().mapToLong(Long::longValue).sorted().toArray(), start, end, 900.0);
        try (TargetAdapter target = QuestDbTestSupport.openShared(Map.of())) {
            TimeSeriesQuery query = target.capability(TimeSeriesQuery.class).orElseThrow();
            try (QueryReader reader = query.openReader()) {
                Function<String, QueryAnswer> run = name -> {
                    try {
                        QueryTemplate t = QueryTemplate.parse(name, query.language().catalogueTemplate(name).orElseThrow());
                        return reader.run(query.language().compile(name, t, new QueryShape(schema, m, 8)), p, true);
                    } catch (TargetException e) {
                        throw new AssertionError(name, e);
                    }
                };
                List<Row> window = ref.all.stream().filter(x -> x.micros >= start && x.micros < end && x.v[m] != null).toList();
                assertEquals(maxBy(window.stream().filter(x -> x.tag == 7), x -> minute(x.micros)),
                        columns(run.apply("1-device-1-hr"), 0, 1));
                assertEquals(maxBy(window.stream().filter(x -> eight.contains(x.tag)), x -> minute(x.micros)),
                        columns(run.apply("8-device-1-hr"), 0, 1));
                assertEquals(maxBy(window.stream().filter(x -> x.v[m] > 900.0), x -> Long.toString(x.tag)),
                        columns(run.apply("high-metric"), 0, 1));
                assertEquals(ref.all.stream().filter(x -> x.tag == 7 && x.micros >= start && x.micros < end).count(),
                        run.apply("single-tag-detail").rowCount(), "every row of the device in the window");

                QueryAnswer g = run.apply("groupby-time");
                Map<Object, Long> counts = window.stream().collect(Collectors.groupingBy(x -> minute(x.micros), Collectors.counting()));
                assertEquals(counts, columns(g, 0, 2));
                Map<Object, Double> sums = window.stream().collect(Collectors.groupingBy(x -> minute(x.micros),
                        Collectors.summingDouble(x -> x.v[m])));
                columns(g, 0, 1).forEach((minute, mean) -> assertEquals(sums.get(minute) / counts.get(minute), (Double) mean,
                        1e-9, "mean of " + minute));

                Map<Object, Object> perDevice = new HashMap<>();
                for (Object[] row : run.apply("stats-per-device").rows()) {
                    perDevice.put(row[0], List.of(row[1], row[2], row[3]));
                }
                Map<Object, Object> expected = new HashMap<>();
                ref.all.stream().filter(x -> x.v[m] != null).collect(Collectors.groupingBy(x -> Long.toString(x.tag)))
                        .forEach((tag, rows) -> expected.put(tag, List.of((long) rows.size(),
                                rows.stream().mapToDouble(x -> x.v[m]).min().orElseThrow(),
                                rows.stream().mapToDouble(x -> x.v[m]).max().orElseThrow())));
                assertEquals(expected, perDevice);
            }
        }
    }

    private static long micros(String iso) {
        return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.parse(iso));
    }

    private static Instant minute(long micros) {
        return Instant.EPOCH.plus(Math.floorDiv(micros, 60_000_000L), ChronoUnit.MINUTES);
    }

    private static Map<Object, Object> maxBy(java.util.stream.Stream<Row> rows, Function<Row, Object> key) {
        Map<Object, Object> out = new HashMap<>();
        rows.forEach(x -> out.merge(key.apply(x), x.v[2], (a, b) -> Math.max((Double) a, (Double) b)));
        return out;
    }

    /** Column {@code k} to column {@code v} of an answer. */
    @SuppressWarnings("unchecked")
    private static <V> Map<Object, V> columns(QueryAnswer a, int k, int v) {
        Map<Object, V> out = new HashMap<>();
        for (Object[] row : a.rows()) {
            assertNull(out.put(row[k], (V) row[v]), "one row per key");
        }
        return out;
    }

    @Test
    void explainRecordsAPlanPerQuery() throws Exception {
        RunResult r = Harness.run(spec("q_explain").option("ts-end", "2022-04-18 09:10:00")
                .option("query-count", 14).option("explain", true).build());
        assertEquals(0, r.exitCode(), String.valueOf(r.failure()));
        assertEquals(Set.copyOf(CATALOGUE), r.plans().keySet());
        r.plans().forEach((q, plan) -> assertFalse(plan.isBlank(), q));
        assertTrue(r.plans().get("lastpoint").contains("LatestBy"), r.plans().get("lastpoint"));
        assertTrue(r.plans().get("single-tag-detail").contains("Interval forward scan"), r.plans().get("single-tag-detail"));
    }

    @Test
    void tableStateAndLiterals() throws Exception {
        try (TargetAdapter target = QuestDbTestSupport.openShared(Map.of())) {
            TimeSeriesQuery query = target.capability(TimeSeriesQuery.class).orElseThrow();
            SeriesSchema schema = new SeriesSchema("q_state", MetricType.INT4, 2, 998);
            try (Connection c = connect(); Statement st = c.createStatement()) {
                st.execute("DROP TABLE IF EXISTS q_state");
            }
            assertEquals(TableState.ABSENT, query.tableState(schema));
            target.capability(TimeSeriesIngest.class).orElseThrow().createSchema(schema, SchemaMode.CREATE);
            assertEquals(TableState.EMPTY, query.tableState(schema));
            assertEquals(List.of("questdb", "sql"), query.language().languages());

            QuestDbQueryLanguage style = new QuestDbQueryLanguage();
            QueryParams p = new QueryParams(17, new long[] {1, 2, 3}, 1_650_272_400_000_001L, 1_650_276_000_000_000L, 90_000);
            assertEquals("'17'", style.literal("tag", p, schema));
            assertEquals("'1', '2', '3'", style.literal("tags", p, schema));
            assertEquals("'2022-04-18T09:00:00.000001Z'", style.literal("start", p, schema));
            assertEquals("'2022-04-18T10:00:00.000000Z'", style.literal("end", p, schema));
            assertEquals("90000", style.literal("threshold", p, schema));
            assertEquals("900.5", style.literal("threshold", new QueryParams(1, new long[] {1}, 0, 1, 900.5),
                    new SeriesSchema("t", MetricType.FLOAT8, 1, 998)));
            assertEquals("'O''Brien'", style.literal("choice", new QueryParams(1, new long[] {1}, 0, 1, 0, new String[] {"1",
                    "1"}, "O'Brien"), schema), "a choice is a string, its quotes doubled");
        }
    }

    private static RunSpec.Builder spec(String table) {
        return RunSpec.builder()
                .target("questdb")
                .workload("iot-query")
                .option("questdb-http", EmbeddedQuestDbFixture.httpUrl())
                .option("questdb-pg", "127.0.0.1:" + EmbeddedQuestDbFixture.pgPort())
                .option("load", true)
                .option("verify", true)
                .option("clean", true)
                .option("table-name", table)
                .option("tag-num", TAGS)
                .option("total-metrics-count", METRICS)
                .option("ts-end", "2022-04-18 10:00:00")
                .option("query-count", 200)
                .environment(Map.of());
    }

    /** The checks both data sets pass; returns what the scan found. */
    private static Reference check(RunResult r, String table) throws Exception {
        assertNull(r.failure());
        assertEquals(0, r.exitCode());
        assertEquals(0, r.totals().counts().errors(), String.valueOf(r.errors()));
        assertEquals("PASSED", r.verification().status(), r.verification().toString());
        Map<String, OperationStats> ops = r.operations().stream().collect(Collectors.toMap(OperationStats::type, o -> o));
        for (String q : CATALOGUE) {
            assertTrue(ops.containsKey(q) && ops.get(q).counts().completed() > 0, q + " ran: " + ops.keySet());
            assertTrue(r.answers().stream().anyMatch(a -> a.query().equals(q)), q + " kept an answer");
        }
        Reference ref = Reference.scan(table);

        int m = metric(r, "count");
        assertEquals(Set.of(List.of(List.of(Long.toString(ref.present[m])))), values(r, "count"));

        m = metric(r, "min-max");
        assertEquals(Set.of(List.of(List.of(ref.min(m), ref.max(m)))), values(r, "min-max"));

        m = metric(r, "stats");
        assertEquals(Set.of(List.of(List.of(Long.toString(ref.present[m]), ref.min(m), ref.max(m), ref.mean(m)))),
                values(r, "stats"));

        m = metric(r, "newest-per-device");
        List<List<String>> newest = new ArrayList<>();
        for (Map.Entry<Long, Object[]> e : ref.newest.get(m).entrySet()) {
            newest.add(List.of(Long.toString(e.getKey()), (String) e.getValue()[0], (String) e.getValue()[1]));
        }
        assertEquals(TAGS, newest.size());
        assertEquals(Set.of(sorted(newest)), values(r, "newest-per-device"),
                "the newest non-NULL value of each device, not the value of its newest row");

        List<List<String>> last = new ArrayList<>(ref.last.values());
        assertEquals(Set.of(sorted(last)), values(r, "lastpoint"), "one row per device: its newest");

        for (AnswerDigest a : answers(r, "single-tag-latest")) {
            Matcher t = TAG.matcher(a.parameters());
            assertTrue(t.find(), a.parameters());
            assertEquals(List.of(ref.last.get(Long.parseLong(t.group(1)))), a.values(), a.parameters());
        }
        assertEquals(Set.of(10L), rowCounts(r, "multi-tag-latest"), "--query-tags devices, one row each");
        assertEquals(Set.of((long) TAGS), rowCounts(r, "stats-per-device"));
        assertEquals(Set.of((long) MINUTES), rowCounts(r, "groupby-time"));
        assertTrue(rowCounts(r, "high-metric").stream().allMatch(n -> n <= TAGS));
        return ref;
    }

    private static int metric(RunResult r, String query) {
        String text = r.workloadFacts().details().get("query." + query);
        assertNotNull(text, query);
        Matcher mm = METRIC.matcher(text);
        assertTrue(mm.find(), text);
        return Integer.parseInt(mm.group(1).substring(1));
    }

    private static List<AnswerDigest> answers(RunResult r, String query) {
        return r.answers().stream().filter(a -> a.query().equals(query)).toList();
    }

    /** The distinct kept values of a query's answers: one element when every instance agrees. */
    private static Set<List<List<String>>> values(RunResult r, String query) {
        Set<List<List<String>>> out = new HashSet<>();
        for (AnswerDigest a : answers(r, query)) {
            assertNotNull(a.values(), query + " keeps its values");
            out.add(a.values());
        }
        return out;
    }

    private static Set<Long> rowCounts(RunResult r, String query) {
        return answers(r, query).stream().map(AnswerDigest::rows).collect(Collectors.toSet());
    }

    /** As the workload sorts normalised rows: value by value. */
    private static List<List<String>> sorted(List<List<String>> rows) {
        List<List<String>> out = new ArrayList<>(rows);
        out.sort((a, b) -> {
            for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
                int c = a.get(i).compareTo(b.get(i));
                if (c != 0) {
                    return c;
                }
            }
            return Integer.compare(a.size(), b.size());
        });
        return out;
    }

    private static Connection connect() throws Exception {
        return DriverManager.getConnection(EmbeddedQuestDbFixture.jdbcUrl(), "admin", "quest");
    }

    private record Row(long micros, long tag, Double[] v) {
    }

    /** Every loaded row read back with a plain SELECT, the answers computed here (float8 metrics). */
    private static final class Reference {
        long rows;
        final long[] present = new long[METRICS];
        final BigDecimal[] sum = new BigDecimal[METRICS];
        final double[] min = new double[METRICS];
        final double[] max = new double[METRICS];
        /** Per metric, per device: {time, value} of its newest non-NULL value. */
        final List<Map<Long, Object[]>> newest = new ArrayList<>();
        final List<Row> all = new ArrayList<>();
        /** Per device: its newest row, normalised (ts, tag_id, c0..). */
        final Map<Long, List<String>> last = new TreeMap<>();

        static Reference scan(String table) throws Exception {
            Reference ref = new Reference();
            for (int m = 0; m < METRICS; m++) {
                ref.sum[m] = BigDecimal.ZERO;
                ref.min[m] = Double.POSITIVE_INFINITY;
                ref.max[m] = Double.NEGATIVE_INFINITY;
                ref.newest.add(new HashMap<>());
            }
            try (Connection c = connect(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT ts, tag_id, c0, c1, c2, c3, c4 FROM " + table + " ORDER BY ts")) {
                while (rs.next()) {
                    ref.rows++;
                    String ts = TIME.format(rs.getObject(1, LocalDateTime.class).toInstant(ZoneOffset.UTC));
                    long tag = Long.parseLong(rs.getString(2));
                    List<String> row = new ArrayList<>(List.of(ts, Long.toString(tag)));
                    Double[] values = new Double[METRICS];
                    ref.all.add(new Row(ChronoUnit.MICROS.between(Instant.EPOCH,
                            rs.getObject(1, LocalDateTime.class).toInstant(ZoneOffset.UTC)), tag, values));
                    for (int m = 0; m < METRICS; m++) {
                        double v = rs.getDouble(3 + m);
                        if (rs.wasNull()) {
                            row.add("null");
                            continue;
                        }
                        row.add(Double.toString(v));
                        values[m] = v;
                        ref.present[m]++;
                        ref.sum[m] = ref.sum[m].add(BigDecimal.valueOf(v));
                        ref.min[m] = Math.min(ref.min[m], v);
                        ref.max[m] = Math.max(ref.max[m], v);
                        ref.newest.get(m).put(tag, new Object[] {ts, Double.toString(v)});
                    }
                    ref.last.put(tag, row);
                }
            }
            return ref;
        }

        String min(int m) {
            return Double.toString(min[m]);
        }

        String max(int m) {
            return Double.toString(max[m]);
        }

        /** As the workload normalises an average: the exact sum over the count, 12 significant digits. */
        String mean(int m) {
            return sum[m].divide(BigDecimal.valueOf(present[m]), new MathContext(12, RoundingMode.HALF_EVEN))
                    .stripTrailingZeros().toPlainString();
        }
    }
}
