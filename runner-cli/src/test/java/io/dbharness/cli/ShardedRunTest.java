package io.dbharness.cli;

import io.dbharness.core.result.RunResult;
import io.dbharness.postgres.EmbeddedPostgres;
import io.dbharness.results.ResultFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Three shards against one real PostgreSQL, run side by side as processes, do what one unsharded run does: the same rows
 * (count and content checksum), query counts that add up to --query-count, and a merge whose totals are the sums.
 */
@org.junit.jupiter.api.Tag("server")
class ShardedRunTest {

    @RegisterExtension
    static final EmbeddedPostgres pg = new EmbeddedPostgres();

    @TempDir
    Path tmp;

    private List<String> data(String table) {
        return List.of("--url", pg.url(), "--user", "postgres", "--no-watch", "--table-name", table, "--tag-num", "23",
                "--total-metrics-count", "5", "--ts-step-in-second", "10", "--ts-end", "2022-04-18 09:20:00",
                "--generator-disorder-ratio", "10", "--workers", "2");
    }

    private static String[] args(List<String> base, String... more) {
        List<String> all = new ArrayList<>(base);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    /** The three shards as three processes side by side, the followers started first: they wait for shard 0. */
    private List<CliRun> shards(List<String> base, String dir, String... more) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<CliRun>> fs = new ArrayList<>();
            for (int i = 2; i >= 0; i--) { // the followers first: they must wait for shard 0
                List<String> a = new ArrayList<>(base);
                a.addAll(List.of(more));
                a.addAll(List.of("--shard", i + "/3", "--results", tmp.resolve(dir).toString()));
                fs.add(pool.submit(() -> CliRun.process(Map.of(), a.toArray(String[]::new))));
            }
            List<CliRun> out = new ArrayList<>();
            for (Future<CliRun> f : fs) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    private static String checksum(String table) throws Exception {
        try (Connection c = pg.connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*) || ':' || md5(string_agg(t::text, ',' ORDER BY tag_id, ts)) FROM "
                     + table + " t")) {
            rs.next();
            return rs.getString(1);
        }
    }

    private List<Path> results(String dir) throws Exception {
        try (Stream<Path> s = Files.list(tmp.resolve(dir))) {
            return s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }

    @Test
    void threeInsertShardsWriteTheRowsOfOneRunAndMergeIntoTheirSum() throws Exception {
        CliRun whole = CliRun.withEnv(Map.of(), args(data("shard_one"), "--results", tmp.resolve("one").toString()));
        assertEquals(0, whole.exitCode(), whole.err());

        // paced (about 3 s each): the followers start up to a poll of shard 0's mark after it, well within its run
        List<CliRun> runs = shards(data("shard_three"), "three", "--run-group", "t-insert", "--verify", "--rate", "1000");
        for (CliRun r : runs) {
            assertEquals(0, r.exitCode(), r.err());
        }
        assertEquals(checksum("shard_one"), checksum("shard_three"));

        List<Path> parts = results("three");
        assertEquals(3, parts.size());
        long rows = 0;
        for (Path p : parts) {
            RunResult r = ResultFiles.read(p);
            assertNotNull(r.shard());
            assertEquals("t-insert", r.shard().runGroup());
            assertEquals("SKIPPED", r.verification().status(), r.verification().message());
            rows += r.totals().counts().rows();
        }
        Path merged = tmp.resolve("merged.json");
        CliRun m = CliRun.of(args(List.of("merge", "--out", merged.toString()), parts.stream().map(Path::toString).toArray(String[]::new)));
        assertEquals(0, m.exitCode(), m.err());
        RunResult mr = ResultFiles.read(merged);
        assertNull(mr.shard());
        assertEquals(rows, mr.totals().counts().rows());
        assertEquals(ResultFiles.read(results("one").get(0)).totals().counts().rows(), mr.totals().counts().rows());
        // the server's account is one part's (each read the whole server), named, with bytes per row of all rows
        io.dbharness.core.result.ServerUsage ms = mr.resources().server();
        assertNull(mr.resources().mean(), "host figures stay in the parts");
        String from = mr.workloadFacts().notes().get("server account");
        assertTrue(from != null && from.contains("of 3)"), mr.workloadFacts().details().toString());
        RunResult source = null;
        for (Path p : parts) {
            RunResult r = ResultFiles.read(p);
            if (from.startsWith("as run " + r.runId() + " ")) {
                source = r;
            }
        }
        assertNotNull(source, from);
        assertEquals(source.resources().server().counters(), ms.counters(), "one part's account, not a sum");
        assertEquals(source.resources().server().waits(), ms.waits());
        // a shard's rows are a part of what the table grew by: bytes per row only in the merged result
        assertEquals(-1.0, source.resources().server().bytesPerRow());
        assertTrue(source.resources().server().unavailable().get("bytes_per_row").contains("runner merge"));
        long growth = ms.storedBytesEnd() - ms.storedBytesStart();
        if (growth > 0) {
            assertEquals((double) growth / mr.totals().counts().rows(), ms.bytesPerRow(), 1e-9);
            assertNull(ms.unavailable().get("bytes_per_row"));
        }
        assertEquals(source.intervals().stream().filter(i -> i.server() != null).count() > 0,
                mr.intervals().stream().anyMatch(i -> i.server() != null), "the source part's intervals carry its account");

        // two of three shards: refused, unless asked for
        CliRun partial = CliRun.of("merge", "--out", tmp.resolve("p.json").toString(), parts.get(0).toString(), parts.get(1).toString());
        assertEquals(2, partial.exitCode());
        assertTrue(partial.oneLineError().contains("lacks shard") && partial.oneLineError().contains("--allow-partial"), partial.err());
        CliRun allowed = CliRun.of("merge", "--allow-partial", "--out", tmp.resolve("p.json").toString(), parts.get(0).toString(),
                parts.get(1).toString());
        assertEquals(0, allowed.exitCode(), allowed.err());
        assertTrue(allowed.out().matches("(?s).*\\nwarning: shard [012]/3 missing \\(--allow-partial\\): the totals are those"
                + " of the shards given\\n.*"), allowed.out());
        // the tables hold the missing shard's rows too: no size per row, no compression
        RunResult pr = ResultFiles.read(tmp.resolve("p.json"));
        assertTrue(pr.storedBytes().isEmpty(), "unknown: " + pr.storedBytes());
        assertEquals(-1.0, pr.resources().server().bytesPerRow());
        assertTrue(pr.resources().server().unavailable().get("bytes_per_row").matches("shard \\[\\d] missing: .*"),
                pr.resources().server().unavailable().toString());
    }

    @Test
    void queryShardsSplitTheQueryCount() throws Exception {
        CliRun load = CliRun.withEnv(Map.of(), args(data("shard_q"), "--results", tmp.resolve("load").toString()));
        assertEquals(0, load.exitCode(), load.err());
        List<CliRun> runs = shards(data("shard_q"), "q", "--workload", "iot-query", "--query-count", "31",
                "--run-group", "t-query");
        long ops = 0;
        for (CliRun r : runs) {
            assertEquals(0, r.exitCode(), r.err());
        }
        List<Long> each = new ArrayList<>();
        for (Path p : results("q")) {
            long n = ResultFiles.read(p).totals().counts().operations();
            each.add(n);
            ops += n;
        }
        assertEquals(31, ops);
        assertEquals(List.of(10L, 10L, 11L), each.stream().sorted().toList());
    }

    @Test
    void tpccShardsSplitTheTerminalsOverOneLoadAndLeaveItConsistent() throws Exception {
        List<String> tpcc = List.of("--url", pg.url(), "--user", "postgres", "--no-watch", "--workload", "tpcc",
                "--warehouses", "1", "--terminals", "3", "--duration", "3s", "--clean");
        List<CliRun> runs = shards(tpcc, "tpcc", "--run-group", "t-tpcc");
        for (CliRun r : runs) {
            assertEquals(0, r.exitCode(), r.err());
        }
        List<Path> parts = results("tpcc");
        long newOrders = 0;
        for (Path p : parts) {
            RunResult r = ResultFiles.read(p);
            assertEquals(1, r.workers(), "terminal i goes to shard i");
            newOrders += newOrders(r);
        }
        assertTrue(newOrders > 0, "new orders were made");
        Path merged = tmp.resolve("tpcc.json");
        CliRun m = CliRun.of(args(List.of("merge", "--out", merged.toString()), parts.stream().map(Path::toString).toArray(String[]::new)));
        assertEquals(0, m.exitCode(), m.err());
        RunResult mr = ResultFiles.read(merged);
        assertEquals(newOrders, newOrders(mr));
        // without --start-at the shards' windows differ: tpmC is the new orders over the union of the windows
        assertEquals(newOrders / (mr.totals().durationSeconds() / 60), mr.figures().get("tpmC"), 1e-6 * newOrders);
        // the data the shards left: the consistency conditions hold
        CliRun check = CliRun.withEnv(Map.of(), "--url", pg.url(), "--user", "postgres", "--no-watch", "--workload", "tpcc",
                "--warehouses", "1", "--terminals", "1", "--run-only", "--txns-per-terminal", "1", "--verify",
                "--results", tmp.resolve("check").toString());
        assertEquals(0, check.exitCode(), check.err() + check.out());
    }

    private static long newOrders(RunResult r) {
        return r.operations().stream().filter(o -> o.type().equals("new-order")).mapToLong(o -> o.counts().completed()).sum();
    }

    /** --start-at holds the measured run until then, so shards started apart measure one window. */
    @Test
    void startAtHoldsTheMeasuredRunUntilThatInstant() throws Exception {
        java.time.Instant at = java.time.Instant.now().plusSeconds(3);
        CliRun r = CliRun.of("--target", "noop", "--tag-num", "10", "--ts-end", "2022-04-18 09:00:02",
                "--shard", "0/1", "--start-at", at.toString(), "--results", tmp.resolve("at").toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.err().contains("waiting until --start-at"), r.err());
        RunResult result = ResultFiles.read(results("at").get(0));
        assertTrue(!result.start().isBefore(at), result.start() + " before " + at);
    }

    @Test
    void aShardWaitsForASchemaThatNeverComesThenExits3() {
        CliRun r = CliRun.withEnv(Map.of(), args(data("shard_never"), "--shard", "1/2", "--run-group", "nobody-prepares",
                "--schema-wait", "1s", "--results", tmp.resolve("never").toString()));
        assertEquals(3, r.exitCode(), r.err());
        // a result is written, and its failure says the preparation (the wait for shard 0) is where it failed
        assertTrue(r.oneLineError().startsWith("preparing the run failed: shard 1/2: the schema shard 0 prepares did not"
                + " appear within 1s (table shard_never"),
                r.err());
    }

    /** Shards share one server: an embedded one, or a file, lives inside one process and is refused, not waited for. */
    @Test
    void aTargetInsideOneProcessRefusesShards() {
        String[][] targets = {{"--target", "postgres"}, {"--target", "questdb"},
                {"--target", "file", "--output", tmp.resolve("f.csv").toString()}};
        for (String[] t : targets) {
            CliRun r = CliRun.of(args(List.of("--shard", "1/2", "--tag-num", "10", "--no-watch", "--results",
                    tmp.resolve("one").toString()), t));
            assertEquals(2, r.exitCode(), t[1] + ": " + r.err());
            assertTrue(r.oneLineError().startsWith("--shard splits a run over processes that share one "), r.err());
        }
    }

    @Test
    void badShardFlagsAreOneLineErrors() {
        String[][] usage = {
                {"--shard", "3/3"}, {"--shard", "0/0"}, {"--shard", "one/3"}, {"--shard", "0/3", "--shards", "3"},
                {"--shards", "3"}, {"--shard", "0/2", "--live", "--duration", "1s"}, {"--shard", "0/2", "--workload", "iot-mixed"},
                {"--run-group", "g"}, {"--shard", "0/2", "--start-at", "tomorrow"}};
        for (String[] a : usage) {
            CliRun r = CliRun.of(args(List.of("--target", "noop", "--no-watch", "--results", tmp.resolve("bad").toString()), a));
            assertEquals(2, r.exitCode(), String.join(" ", a) + ": " + r.err());
            r.oneLineError();
        }
        CliRun env = CliRun.withEnv(Map.of("JOB_COMPLETION_INDEX", "3"), "--target", "noop", "--shards", "3", "--no-watch");
        assertEquals(2, env.exitCode(), env.err());
        assertTrue(env.oneLineError().contains("JOB_COMPLETION_INDEX"), env.err());
    }

    @Test
    void kubernetesIndexAndMergeRefusesShardsOfDifferentFlags() throws Exception {
        List<String> base = List.of("--target", "noop", "--no-watch", "--run-group", "g1", "--results", tmp.resolve("k").toString());
        CliRun a = CliRun.withEnv(Map.of("JOB_COMPLETION_INDEX", "0"), args(base, "--shards", "2", "--tag-num", "10"));
        assertEquals(0, a.exitCode(), a.err());
        CliRun b = CliRun.withEnv(Map.of("JOB_COMPLETION_INDEX", "1"), args(base, "--shards", "2", "--tag-num", "20"));
        assertEquals(0, b.exitCode(), b.err());
        List<Path> parts = results("k");
        assertEquals(1, ResultFiles.read(parts.get(0)).shard().index() + ResultFiles.read(parts.get(1)).shard().index());
        CliRun m = CliRun.of("merge", "--out", tmp.resolve("m.json").toString(), parts.get(0).toString(), parts.get(1).toString());
        assertEquals(2, m.exitCode(), m.err());
        assertTrue(m.oneLineError().contains("different flags: --tag-num"), m.err());
    }
}
