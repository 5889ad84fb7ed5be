package io.dbharness.cli;

import io.dbharness.postgres.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code runner queries} and {@code runner compare --answers} as a user calls them, on the embedded PostgreSQL. */
@org.junit.jupiter.api.Tag("server")
class QueryCliTest {

    @RegisterExtension
    static final EmbeddedPostgres pg = new EmbeddedPostgres();

    @TempDir
    Path tmp;

    /** An iot-query run into its own results directory; returns the result file. */
    private Path query(String dir, String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("--workload", "iot-query", "--url", pg.url(), "--user", "postgres",
                "--results", tmp.resolve(dir).toString(), "--no-watch", "--total-metrics-count", "4",
                "--ts-step-in-second", "10", "--ts-end", "2022-04-18 10:00:00", "--generator-empty-value-ratio", "0",
                "--query-count", "150"));
        all.addAll(List.of(args));
        if (!all.contains("--tag-num")) {
            all.addAll(List.of("--tag-num", "30"));
        }
        CliRun r = CliRun.withEnv(Map.of(), all.toArray(String[]::new));
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("query") && r.out().contains("qps") && r.out().contains("p99 ms"), "query table: " + r.out());
        try (Stream<Path> files = Files.list(tmp.resolve(dir))) {
            return files.filter(p -> p.toString().endsWith(".json")).findFirst().orElseThrow();
        }
    }

    @Test
    @org.junit.jupiter.api.Timeout(60)
    void fewerDevicesThanQueryTagsAreEachAskedForOnce() {
        // 5 devices, multi-tag-latest's default of 10: each of the 5 once, on every target's text
        for (String target : List.of("postgres", "questdb", "influx")) {
            CliRun r = CliRun.of("queries", "--target", target, "--tag-num", "5", "--queries", "multi-tag-latest");
            assertEquals(0, r.exitCode(), r.err());
            assertTrue(r.out().contains("-- instance 0: tags=[1,2,3,4,5]\n"), target + ": " + r.out());
        }
    }

    @Test
    void queriesPrintsEachTextForTheTargetWithoutConnecting() {
        CliRun r = CliRun.of("queries", "--total-metrics-count", "3", "--table-name", "cars");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(14, r.out().lines().filter(l -> l.startsWith("-- ") && l.contains("): ")).count(), r.out());
        assertTrue(r.out().contains("SELECT ts, tag_id, \"c0\", \"c1\", \"c2\" FROM \"cars\" WHERE tag_id = {tag} ORDER BY ts DESC LIMIT 1"),
                r.out());
        assertTrue(r.out().contains("-- instance 0: tag="), r.out());

        CliRun yb = CliRun.of("queries", "--target", "yugabyte", "--queries", "newest-per-device");
        assertEquals(0, yb.exitCode(), yb.err());

        CliRun unknown = CliRun.of("queries", "--queries", "stats,lastpiont");
        assertEquals(2, unknown.exitCode());
        assertTrue(unknown.oneLineError().startsWith("unknown query 'lastpiont' in --queries; valid queries (--generator telematics):"), unknown.err());

        // another model's catalogue, with influxdb-comparisons' names beside TSBS's
        CliRun devops = CliRun.of("queries", "--target", "questdb", "--generator", "devops", "--queries", "1-host-1-hr,lastpoint");
        assertEquals(0, devops.exitCode(), devops.err());
        assertTrue(devops.out().contains("-- single-groupby-1-1-1 (TSBS; also 1-host-1-hr): maximum of usage_user per minute"
                + " for 1 host over 1 hour\n-- instance 0: tag=host_0 start=2016-01-01T"), devops.out());
        assertTrue(devops.out().contains("LATEST ON \"time\" PARTITION BY hostname"), devops.out());

        // iot-mixed lists its freshness probe's text too, on the model's columns; not with --freshness off
        CliRun mixed = CliRun.of("queries", "--target", "questdb", "--workload", "iot-mixed", "--generator", "devops",
                "--queries", "lastpoint");
        assertEquals(0, mixed.exitCode(), mixed.err());
        assertTrue(mixed.out().contains("-- freshness (iot-mixed's probe: an acknowledged batch's newest row of one series,"
                + " asked for every --freshness-interval until a query sees it)\nSELECT \"time\" FROM \"cpu\" WHERE \"hostname\""
                + " = {tag} AND \"time\" >= {start} AND \"time\" < {end} LIMIT 1\n"), mixed.out());
        CliRun off = CliRun.of("queries", "--workload", "iot-mixed", "--queries", "lastpoint", "--freshness", "off");
        assertEquals(0, off.exitCode(), off.err());
        assertFalse(off.out().contains("-- freshness"), off.out());

        CliRun noop = CliRun.of("queries", "--target", "noop");
        assertEquals(2, noop.exitCode());
        assertEquals("target 'noop' runs no queries", noop.oneLineError());
    }

    @Test
    void aRunWhereEveryQueryTimedOutExitsOneSayingSo() throws Exception {
        Path file = tmp.resolve("slow.yaml");
        Files.writeString(file, """
                queries:
                  - name: always-slow
                    sql: SELECT pg_sleep(2)
                """);
        query("load", "--table-name", "cli_slow", "--load", "--clean", "--queries", "count");
        CliRun r = CliRun.withEnv(Map.of(), "--workload", "iot-query", "--url", pg.url(), "--user", "postgres", "--results",
                tmp.resolve("slow").toString(), "--no-watch", "--table-name", "cli_slow", "--tag-num", "30",
                "--total-metrics-count", "4", "--ts-step-in-second", "10", "--ts-end", "2022-04-18 10:00:00",
                "--query-file", file.toString(), "--queries", "always-slow", "--query-count", "2", "--op-timeout", "300ms");
        assertEquals(1, r.exitCode(), r.out() + r.err());
        assertEquals("every query timed out (--op-timeout 300ms): nothing was measured", r.oneLineError());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("always-slow +0 .* 2")), r.out());
    }

    @Test
    @org.junit.jupiter.api.Timeout(180)
    void keptAnswersSaysHowManyAndTheirDigestsCpuIsInTheResult() throws Exception {
        Path all = query("all", "--table-name", "kept", "--load", "--clean");
        var r = io.dbharness.results.ResultFiles.read(all);
        assertEquals(150, r.answers().size());
        assertEquals("1000", r.workloadFacts().details().get("keptAnswers"));
        // digested on a thread of their own, whose CPU time the result gives (and counts in the harness's)
        double digests = Double.parseDouble(r.workloadFacts().details().get("answersDigestCpuSeconds"));
        assertTrue(digests >= 0 && digests <= r.harnessCpuSeconds().orElseThrow(), digests + " of " + r.harnessCpuSeconds());

        Path some = query("some", "--table-name", "kept", "--kept-answers", "40", "--workers", "3");
        var s = io.dbharness.results.ResultFiles.read(some);
        assertEquals(40, s.answers().size());
        assertEquals(39, s.answers().stream().mapToLong(a -> a.instance()).max().orElseThrow()); // the first 40
        CliRun same = CliRun.of("compare", "--answers", all.toString(), some.toString());
        assertEquals(0, same.exitCode(), same.out() + same.err());
        assertTrue(same.out().contains("0 of 40 answers differ"), same.out());

        Path none = query("none", "--table-name", "kept", "--kept-answers", "0");
        var n = io.dbharness.results.ResultFiles.read(none);
        assertTrue(n.answers().isEmpty());
        assertFalse(n.workloadFacts().details().containsKey("answersDigestCpuSeconds"));
        CliRun refused = CliRun.of("compare", "--answers", all.toString(), none.toString());
        assertEquals(2, refused.exitCode(), refused.out() + refused.err());
        assertTrue(refused.oneLineError().contains("holds no query answers: it was run with --kept-answers 0"),
                refused.err());
    }

    /** The JIT compiling, caches warming: a warm-up before the measured queries, reported apart (as TPC-C's). */
    @Test
    void aWarmUpRunsBeforeTheMeasuredQueriesAndIsReportedApart() throws Exception {
        query("warm-load", "--table-name", "warm", "--load", "--clean");
        List<String> args = new ArrayList<>(List.of("--workload", "iot-query", "--url", pg.url(), "--user", "postgres",
                "--results", tmp.resolve("warm").toString(), "--no-watch", "--total-metrics-count", "4",
                "--ts-step-in-second", "10", "--ts-end", "2022-04-18 10:00:00", "--tag-num", "30", "--table-name", "warm",
                "--queries", "single-tag-latest", "--warmup", "1s"));
        CliRun refused = CliRun.of(args.toArray(String[]::new));
        assertEquals(2, refused.exitCode(), refused.out() + refused.err());
        assertEquals("--warmup needs --duration: with a count of queries the warm-up's would be part of it",
                refused.oneLineError());
        args.addAll(List.of("--duration", "1s"));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, r.exitCode(), r.err());
        Path file;
        try (Stream<Path> files = Files.list(tmp.resolve("warm"))) {
            file = files.filter(p -> p.toString().endsWith(".json")).findFirst().orElseThrow();
        }
        var res = io.dbharness.results.ResultFiles.read(file);
        assertTrue(res.warmup() != null && res.warmup().counts().operations() > 0, "the warm-up ran queries");
        assertTrue(res.totals().counts().operations() > 0, "and the measured run its own");
    }

    @Test
    void compareAnswersFindsTheInstancesThatDiffer() throws Exception {
        Path a = query("a", "--table-name", "cmp", "--load", "--clean");
        Path b = query("b", "--table-name", "cmp", "--workers", "3");
        CliRun same = CliRun.of("compare", "--answers", a.toString(), b.toString());
        assertEquals(0, same.exitCode(), same.out() + same.err());
        assertTrue(same.out().contains("0 of 150 answers differ"), same.out());
        // a directory stands for its one result, as it does for BASE and NEW
        CliRun dirs = CliRun.of("compare", "--answers", tmp.resolve("a").toString(), tmp.resolve("b").toString());
        assertEquals(0, dirs.exitCode(), dirs.out() + dirs.err());
        assertTrue(dirs.out().contains("0 of 150 answers differ"), dirs.out());

        try (Connection c = pg.connect();
             Statement st = c.createStatement()) {
            st.execute("UPDATE cmp SET c0 = c0 + 1, c1 = c1 + 1, c2 = c2 + 1, c3 = c3 + 1"
                    + " WHERE tag_id = 7 AND ts = (SELECT max(ts) FROM cmp)");
        }
        Path changed = query("c", "--table-name", "cmp");
        CliRun differ = CliRun.of("compare", "--answers", a.toString(), changed.toString());
        assertEquals(1, differ.exitCode(), differ.out() + differ.err());
        assertTrue(differ.out().contains("DIFFERS lastpoint #"), differ.out());
        assertTrue(differ.out().lines().anyMatch(l -> l.matches("\\d+ of 150 answers differ")), differ.out());

        Path other = query("d", "--table-name", "cmp_other", "--load", "--clean", "--tag-num", "31");
        CliRun refused = CliRun.of("compare", "--answers", a.toString(), other.toString());
        assertEquals(2, refused.exitCode());
        assertTrue(refused.oneLineError().contains("--tag-num differs"), refused.err());

        CliRun three = CliRun.of("compare", "--answers", a.toString(), b.toString(), changed.toString());
        assertEquals(2, three.exitCode());
        assertTrue(three.oneLineError().startsWith("compare --answers takes two results, A and B, each a result file or a directory holding one; got 3"), three.err());
        CliRun none = CliRun.of("compare", "--answers");
        assertEquals(2, none.exitCode());
        assertTrue(none.oneLineError().contains("got 0"), none.err());

        // without --answers the runs' figures are compared: one run a side, judged on the threshold alone
        CliRun figures = CliRun.of("compare", a.toString(), b.toString());
        assertTrue(figures.exitCode() <= 1, figures.err());
        assertTrue(figures.out().contains("one run per side: no significance test"), figures.out());
    }
}
