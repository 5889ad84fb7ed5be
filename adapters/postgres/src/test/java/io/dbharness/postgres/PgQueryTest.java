package io.dbharness.postgres;

import io.dbharness.core.api.AnswerDigest;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** iot-query and iot-mixed on the embedded PostgreSQL: the catalogue, answers, plans, timeouts, the open model. */
@org.junit.jupiter.api.Tag("server")
class PgQueryTest {

    private static final int TAGS = 40;
    private static final int METRICS = 5;
    private static String url;

    @TempDir
    Path tmp;

    @BeforeAll
    static void start() throws Exception {
        url = EmbeddedPostgres.shared().url();
    }

    private static RunSpec.Builder spec(String workload, String table) {
        return RunSpec.builder().target("postgres").workload(workload).option("url", url).option("user", "postgres")
                .option("table-name", table).option("tag-num", TAGS).option("total-metrics-count", METRICS)
                .option("ts-step-in-second", 10).option("ts-end", "2022-04-18 10:00:00")
                .option("no-watch", true).environment(Map.of());
    }

    @Test
    void everyCatalogueQueryRunsAndKeepsComparableAnswers() throws Exception {
        RunResult r = Harness.run(spec("iot-query", "q_all").option("load", true).option("clean", true)
                .option("query-count", 400).option("verify", true).option("explain", true).build());
        assertEquals(0, r.exitCode(), r.failure());
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        Set<String> types = r.operations().stream().filter(o -> o.counts().completed() > 0).map(OperationStats::type)
                .collect(Collectors.toSet());
        assertEquals(14, types.size(), "every catalogue query ran: " + types);
        assertEquals(0, r.totals().counts().errors());
        assertEquals(14, r.plans().size(), "--explain keeps a plan per query");
        assertTrue(r.plans().get("single-tag-latest").contains("q_all_tag_ts"), "the query index is used: "
                + r.plans().get("single-tag-latest"));

        long[] counts = new long[METRICS];
        try (Connection c = DriverManager.getConnection(url, "postgres", ""); Statement st = c.createStatement()) {
            for (int m = 0; m < METRICS; m++) {
                try (ResultSet rs = st.executeQuery("SELECT count(c" + m + ") FROM q_all")) {
                    rs.next();
                    counts[m] = rs.getLong(1);
                }
            }
        }
        Set<String> expectedCounts = new HashSet<>();
        for (long n : counts) {
            expectedCounts.add(Long.toString(n));
        }
        List<AnswerDigest> count = answers(r, "count");
        assertFalse(count.isEmpty());
        for (AnswerDigest a : count) {
            assertTrue(expectedCounts.contains(a.values().get(0).get(0)), a.values() + " not among " + expectedCounts);
        }
        for (AnswerDigest a : answers(r, "lastpoint")) {
            assertEquals(TAGS, a.rows(), "one newest row per device");
        }
        for (AnswerDigest a : answers(r, "stats")) {
            List<String> row = a.values().get(0);
            double min = Double.parseDouble(row.get(1));
            double max = Double.parseDouble(row.get(2));
            double mean = Double.parseDouble(row.get(3));
            assertTrue(min <= mean && mean <= max, row.toString());
        }
        for (AnswerDigest a : answers(r, "1-device-1-hr")) {
            assertTrue(a.parameters().startsWith("tag="), a.parameters());
            if (a.values() != null) {
                a.values().forEach(v -> assertTrue(v.get(0).endsWith(":00.000000Z"), "minute buckets: " + v));
            }
        }
        // the same flags give the same instances and the same answers
        RunResult again = Harness.run(spec("iot-query", "q_all").option("query-count", 400).option("workers", 3).build());
        assertEquals(r.answers().stream().map(AnswerDigest::digest).toList(),
                again.answers().stream().map(AnswerDigest::digest).toList());
    }

    private static List<AnswerDigest> answers(RunResult r, String query) {
        return r.answers().stream().filter(a -> a.query().equals(query)).toList();
    }

    @Test
    void absentOrEmptyTableIsRefusedSayingHowToLoad() throws Exception {
        UsageException absent = assertThrows(UsageException.class, () -> Harness.run(spec("iot-query", "q_absent").build()));
        assertTrue(absent.getMessage().contains("does not exist") && absent.getMessage().contains("--load"), absent.getMessage());
        try (Connection c = DriverManager.getConnection(url, "postgres", ""); Statement st = c.createStatement()) {
            st.execute("DROP TABLE IF EXISTS q_empty");
            st.execute("CREATE TABLE q_empty (ts timestamp, tag_id integer, c0 float8, c1 float8, c2 float8, c3 float8, c4 float8)");
        }
        UsageException empty = assertThrows(UsageException.class, () -> Harness.run(spec("iot-query", "q_empty").build()));
        assertTrue(empty.getMessage().contains("is empty") && empty.getMessage().contains("--load"), empty.getMessage());
    }

    @Test
    void unknownQueryIsRefusedListingTheValidOnes() {
        UsageException e = assertThrows(UsageException.class, () -> Harness.run(spec("iot-query", "q_x")
                .option("queries", "stats,lastpiont").build()));
        assertTrue(e.getMessage().contains("unknown query 'lastpiont'") && e.getMessage().endsWith("high-metric, lastpoint"), e.getMessage());
    }

    @Test
    void aQueryTheTargetHasNoTextForIsRefusedBeforeTheRun() throws Exception {
        Path file = tmp.resolve("influx-only.yaml");
        Files.writeString(file, """
                queries:
                  - name: influx-only
                    influxql: SELECT count({metric}) FROM {table}
                """);
        UsageException e = assertThrows(UsageException.class, () -> Harness.run(spec("iot-query", "q_none")
                .option("query-file", file).option("queries", "stats,influx-only").build()));
        assertEquals("target 'PostgreSQL' cannot run query influx-only (--query-file has no text in postgres, sql);"
                + " leave it out of --queries (default: all)", e.getMessage());
    }

    @Test
    void queryPastOpTimeoutIsCountedAndTheRunGoesOn() throws Exception {
        Path file = tmp.resolve("slow.yaml");
        Files.writeString(file, """
                queries:
                  - name: sometimes-slow
                    sql: SELECT pg_sleep(CASE WHEN {tag} % 2 = 0 THEN 2 ELSE 0 END), count(*) FROM {table} WHERE tag_id = {tag}
                """);
        RunResult r = Harness.run(spec("iot-query", "q_slow").option("load", true).option("clean", true)
                .option("query-file", file).option("queries", "sometimes-slow").option("query-count", 12)
                .option("op-timeout", "300ms").build());
        OperationStats s = r.operations().stream().filter(o -> o.type().equals("sometimes-slow")).findFirst().orElseThrow();
        assertTrue(s.counts().timeouts() > 0, "some timed out: " + s);
        assertTrue(s.counts().completed() > 0, "the others completed: " + s);
        assertEquals(12, s.counts().completed() + s.counts().timeouts(), "each query either completed or timed out, none retried: " + s);
        assertEquals(0, s.counts().errors(), "a timeout is not an error: " + s);
        assertEquals(0, r.exitCode(), r.failure());
        assertEquals(io.dbharness.core.result.StopReason.COMPLETED, r.stopReason());
        assertTrue(s.maxMillis() >= 250, "a cut-off query's wait is in the latency: " + s);

        Files.writeString(file, """
                queries:
                  - name: always-slow
                    sql: SELECT pg_sleep(2)
                """);
        RunResult none = Harness.run(spec("iot-query", "q_slow").option("query-file", file).option("queries", "always-slow")
                .option("query-count", 3).option("op-timeout", "200ms").build());
        OperationStats all = none.operations().stream().filter(o -> o.type().equals("always-slow")).findFirst().orElseThrow();
        assertEquals(3, all.counts().timeouts(), "listed though none completed: " + all);
        assertEquals(1, none.exitCode(), "a run where every query timed out measured nothing");
    }

    @Test
    void theTableMustFitTheDataFlagsAndLoadIsNeverAnAppend() throws Exception {
        Harness.run(spec("iot-query", "q_fit").option("load", true).option("clean", true).option("queries", "count")
                .option("query-count", 1).build());
        UsageException wider = assertThrows(UsageException.class, () -> Harness.run(spec("iot-query", "q_fit")
                .option("total-metrics-count", METRICS + 1).option("queries", "count").build()));
        assertTrue(wider.getMessage().startsWith("the data flags do not match what q_fit holds"), wider.getMessage());
        UsageException type = assertThrows(UsageException.class, () -> Harness.run(spec("iot-query", "q_fit")
                .option("metrics-type", "int4").option("queries", "count").build()));
        assertTrue(type.getMessage().startsWith("the data flags do not match"), type.getMessage());
        UsageException append = assertThrows(UsageException.class, () -> Harness.run(spec("iot-query", "q_fit")
                .option("load", true).option("append", true).build()));
        assertTrue(append.getMessage().contains("second copy"), append.getMessage());
    }

    @Test
    void openModelChargesASlowQueryFromItsIntendedStart() throws Exception {
        Path file = tmp.resolve("sleep.yaml");
        Files.writeString(file, """
                queries:
                  - name: sleep
                    sql: SELECT pg_sleep(0.2)
                """);
        RunResult r = Harness.run(spec("iot-query", "q_open").option("load", true).option("clean", true)
                .option("query-file", file).option("queries", "sleep").option("query-count", 15).option("workers", 1)
                .option("rate", 20).build());
        OperationStats s = r.operations().stream().filter(o -> o.type().equals("sleep")).findFirst().orElseThrow();
        assertEquals(15, s.counts().completed());
        // due every 50 ms, served every 200 ms: the 15th waits about 14 * 150 ms before it starts
        assertTrue(s.maxMillis() > 1_500, "latency from the intended start, not the actual one: max " + s.maxMillis());
        assertTrue(s.p50Millis() > 600, "p50 " + s.p50Millis());
        assertNotNull(r.groups().get(0).pacing());
    }

    @Test
    void mixedRunsIngestAndQueriesThenQueriesOnIdleData() throws Exception {
        // 2 + 2 workers, more than --workers (2 by default): the pool is sized by the workers of both groups
        RunResult r = Harness.run(spec("iot-mixed", "q_mixed").option("clean", true).option("tag-num", 100)
                .option("rate", 20_000).option("ingest-workers", 2).option("query-workers", 2)
                .option("queries", "stats:1,single-tag-detail:2").option("idle-query-duration", "2s")
                .option("verify", true).option("watch-interval", "500ms").build());
        assertEquals(0, r.exitCode(), r.failure());
        assertEquals("PASSED", r.verification().status(), r.verification().message());
        assertEquals(List.of("insert", "query", "freshness"), r.groups().stream().map(g -> g.name()).toList());
        Map<String, Long> done = r.operations().stream().collect(Collectors.toMap(o -> o.group() + "/" + o.type(),
                o -> o.counts().completed()));
        assertEquals(100L * 360, r.groups().get(0).totals().counts().rows(), "every row written: " + done);
        for (String t : List.of("query/stats", "query/stats@idle", "query/single-tag-detail", "query/single-tag-detail@idle")) {
            assertTrue(done.getOrDefault(t, 0L) > 0, t + " ran: " + done);
        }
        assertTrue(r.groups().get(1).totals().counts().operations() > 0);
        assertFalse(r.answers().isEmpty(), "answers of the idle phase are kept");
        assertTrue(r.intervals().stream().allMatch(i -> i.groups().stream().map(g -> g.group()).toList()
                .containsAll(List.of("insert", "query"))), "progress per group");
        double ingest = r.groups().get(0).totals().durationSeconds();
        assertTrue(ingest < r.totals().durationSeconds() - 1.5, "the ingest's rate over its own time, not the idle"
                + " phase's too: " + ingest + " s of " + r.totals().durationSeconds());
    }
}
