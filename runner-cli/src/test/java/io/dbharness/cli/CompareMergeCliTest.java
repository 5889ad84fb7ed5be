package io.dbharness.cli;

import io.dbharness.core.result.RunResult;
import io.dbharness.results.ResultFiles;
import io.dbharness.results.merge.ResultMerge;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code runner compare BASE NEW} and {@code runner merge} on real noop results, and what they refuse. */
class CompareMergeCliTest {

    @TempDir
    Path tmp;

    /** A small noop iot-insert run into {@code dir}; returns its file. */
    private Path noop(String dir, String... extra) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("--target", "noop", "--tag-num", "200",
                "--total-metrics-count", "5", "--ts-end", "2022-04-18 10:00:00", "--no-watch", "--watch-interval", "100ms",
                "--results", tmp.resolve(dir).toString()));
        args.addAll(List.of(extra));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, r.exitCode(), r.err());
        try (Stream<Path> s = Files.list(tmp.resolve(dir))) {
            return s.filter(p -> p.toString().endsWith(".json")).sorted().reduce((a, b) -> b).orElseThrow();
        }
    }

    /**
     * {@code r} as another run writing {@code rowsPerSecond}, exiting {@code exitCode}: fixtures whose figures are
     * known, so the verdict does not depend on how fast this machine ran the noop target.
     */
    static RunResult fixture(RunResult r, String runId, double rowsPerSecond, int exitCode) {
        io.dbharness.core.result.Totals t = r.totals();
        io.dbharness.core.result.Totals paced = new io.dbharness.core.result.Totals(
                t.counts().toBuilder().rows(Math.round(rowsPerSecond * t.durationSeconds())).build(), t.durationSeconds(),
                t.operationsPerSecond(), rowsPerSecond, t.pointsPerSecond(), t.megabytesPerSecond());
        return r.toBuilder()
                .runId(runId)
                .totals(paced)
                .exitCode(exitCode)
                .build();
    }

    /** Writes the fixtures into {@code dir}. */
    private Path dir(String dir, RunResult... results) throws Exception {
        Path d = Files.createDirectories(tmp.resolve(dir));
        for (RunResult r : results) {
            ResultFiles.write(r, d);
        }
        return d;
    }

    @Test
    void compareOneRunPerSideJudgesOnTheThresholdAndSaysSo() throws Exception {
        Path a = noop("a");
        // the file against a copy of itself: every change is exactly 0, whatever the machine's load
        Path b = Files.copy(a, tmp.resolve("copy.json"));
        CliRun same = CliRun.of("compare", a.toString(), b.toString());
        assertEquals(0, same.exitCode(), same.err());
        assertTrue(same.out().contains("one run per side: no significance test; judged on the threshold (5%) alone"), same.out());
        assertTrue(same.out().contains("throughput (rows/s) *"), same.out());
        assertTrue(same.out().contains("insert p99 (ms)"), same.out());
        assertTrue(same.out().contains("verdict: no regression beyond 5%"), same.out());
    }

    @Test
    void compareDirectoriesOfRepetitionsExitsOneOnARegression() throws Exception {
        RunResult a = ResultFiles.read(noop("a"));
        // the statistics are tested in ResultComparisonTest: here, what the command prints and returns
        Path base = dir("base", fixture(a, "b1", 100_000, 0), fixture(a, "b2", 101_000, 0), fixture(a, "b3", 99_000, 0));
        Path next = dir("new", fixture(a, "n1", 50_000, 0), fixture(a, "n2", 50_500, 0), fixture(a, "n3", 49_500, 0),
                fixture(a, "n4", 10, 1));
        CliRun r = CliRun.of("compare", base.toString(), next.toString());
        assertEquals(1, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("3 runs of iot-insert on noop"), r.out());
        assertTrue(r.out().contains("new: 1 of 4 runs left out of the figures (exit code not 0)"), r.out());
        assertTrue(r.out().contains("significance by Welch's t-test"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("verdict: NEW is worse than BASE beyond 5%: throughput -50.0% (p ")), r.out());

        Path failed = dir("failed", fixture(a, "f1", 100_000, 1), fixture(a, "f2", 100_000, 3));
        assertEquals("new has no run that exited 0 (exit codes 1, 3): there is nothing to compare",
                refused("compare", base.toString(), failed.toString()));
    }

    @Test
    void mergeOfTwoShardsRunTogetherSumsTheCountersAndIsReadBack() throws Exception {
        List<Path> parts = Shards.together(tmp.resolve("parts"), 2, "together", "noop", Map.of("tag-num", "20",
                "total-metrics-count", "5", "ts-end", "2022-04-18 09:00:10", "rate", "200", "watch-interval", "100ms"));
        Path a = parts.get(0), b = parts.get(1);
        Path out = tmp.resolve("merged/all.json");
        CliRun m = CliRun.of("merge", a.toString(), b.toString(), "--out", out.toString());
        assertEquals(0, m.exitCode(), m.err());
        assertTrue(m.out().contains("merged 2 results into: " + out), m.out());
        RunResult ra = ResultFiles.read(a), rb = ResultFiles.read(b), merged = ResultFiles.read(out);
        assertEquals(ra.totals().counts().rows() + rb.totals().counts().rows(), merged.totals().counts().rows());
        assertEquals(ra.totals().counts().operations() + rb.totals().counts().operations(), merged.totals().counts().operations());
        assertEquals(ra.workers() + rb.workers(), merged.workers());
        assertEquals(ra.runId() + ", " + rb.runId(), merged.workloadFacts().details().get(ResultMerge.MERGED_FROM));
        assertEquals("0, 1 of 2 (run group together)", merged.workloadFacts().details().get(ResultMerge.MERGED_SHARDS));
        long intervalOps = merged.intervals().stream().mapToLong(s -> s.groups().get(0).totals().counts().operations()).sum();
        assertEquals(merged.totals().counts().operations(), intervalOps, "every operation is in one merged interval");
        assertEquals(List.of(), ResultSchemaCliTest.errors(out), "the merged file keeps to the schema");
        assertTrue(merged.operations().get(0).p99Millis() >= Math.min(ra.operations().get(0).p99Millis(),
                rb.operations().get(0).p99Millis()));
    }

    /**
     * Results that are not the shards of one run are refused in one line saying why, exit 2, nothing written: each
     * set made by real runs, as a user would make it.
     */
    @Test
    void mergeRefusesWhatIsNotTheShardsOfOneRun() throws Exception {
        Path out = tmp.resolve("m.json");
        // the issue's case: the repetitions of one configuration
        noop("repeat", "--repeat", "2");
        assertTrue(refused("merge", tmp.resolve("repeat").toString(), "--out", out.toString())
                .matches("cannot merge [^ ]+: it has no shard \\(not run with --shard I/N\\); only the shards of one run"
                        + " merge, and separate runs or repetitions are compared \\(runner compare, runner report\\), not added up"));
        // shard 0 and shard 1 of the same flags run one after another (their default run group is the same)
        Path s0 = noop("after-0", "--shard", "0/2");
        Path s1 = noop("after-1", "--shard", "1/2");
        assertTrue(refused("merge", s0.toString(), s1.toString(), "--out", out.toString()).matches(
                "cannot merge runs made one after another: [^ ]+ \\(shard 1/2\\) began measuring at [^ ]+Z, after [^ ]+"
                        + " \\(shard 0/2\\) had ended at [^ ]+Z; the shards of one run measure at the same time \\(give them"
                        + " one --start-at\\)"));
        Path g = noop("groups", "--shard", "1/2", "--run-group", "other");
        assertTrue(refused("merge", s0.toString(), g.toString(), "--out", out.toString())
                .startsWith("cannot merge shards of different run groups ("));
        Path ofThree = noop("three", "--shard", "1/3", "--run-group", ResultFiles.read(s0).shard().runGroup());
        assertTrue(refused("merge", s0.toString(), ofThree.toString(), "--out", out.toString())
                .startsWith("cannot merge shards of 2 and of 3 shards ("));
        Path again = noop("again", "--shard", "0/2");
        assertTrue(refused("merge", s0.toString(), again.toString(), "--out", out.toString())
                .startsWith("shard 0/2 is given twice ("));
        Path plain = noop("plain");
        assertTrue(refused("merge", s0.toString(), plain.toString(), "--out", out.toString())
                .startsWith("cannot merge " + ResultFiles.read(plain).runId() + ": it has no shard"));
        Path flags = noop("flags", "--shard", "1/2", "--run-group", ResultFiles.read(s0).shard().runGroup(), "--workers", "3");
        assertTrue(refused("merge", s0.toString(), flags.toString(), "--out", out.toString())
                .startsWith("cannot merge shards run with different flags: --workers is "));
        assertTrue(Files.notExists(out), "nothing written");
    }

    private static String refused(String... args) {
        CliRun r = CliRun.of(args);
        assertEquals(2, r.exitCode(), r.out() + r.err());
        return r.oneLineError();
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        Path a = noop("a");
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        assertEquals("no result files (*.json) in " + empty, refused("compare", empty.toString(), a.toString()));
        assertEquals("result file not found: " + tmp.resolve("nope.json"),
                refused("compare", tmp.resolve("nope.json").toString(), a.toString()));
        assertEquals("compare takes BASE and NEW, each a result file or a directory holding the repetitions of one "
                + "configuration; got 1 argument", refused("compare", a.toString()));

        String json = Files.readString(a);
        Path truncated = Files.writeString(tmp.resolve("truncated.json"), json.substring(0, json.length() / 2));
        assertTrue(refused("compare", truncated.toString(), a.toString()).startsWith(truncated + " is not valid JSON"));
        Path otherFormat = Files.writeString(tmp.resolve("v1.json"), json.replace("dbharness-result/3", "dbharness-result/1"));
        assertEquals(otherFormat + " has result format dbharness-result/1; this harness reads dbharness-result/3 and dbharness-result/2",
                refused("compare", a.toString(), otherFormat.toString()));

        Path tpcc = Files.writeString(tmp.resolve("tpcc.json"), json.replace("\"workload\" : \"iot-insert\"", "\"workload\" : \"tpcc\"")
                .replace(ResultFiles.read(a).runId(), "tpcc-run"));
        assertEquals("cannot compare iot-insert with tpcc results", refused("compare", a.toString(), tpcc.toString()));

        noop("mixed");
        noop("mixed", "--workers", "3");
        assertEquals(tmp.resolve("mixed") + " holds results of 2 configurations (they differ in workers): give the "
                + "repetitions of one configuration", refused("compare", tmp.resolve("mixed").toString(), a.toString()));

        // --answers reads a directory as BASE and NEW do, and needs it to be one run
        Path two = Files.createDirectories(tmp.resolve("two"));
        Files.copy(a, two.resolve("one.json"));
        Files.writeString(two.resolve("other.json"), json.replace(ResultFiles.read(a).runId(), "other-run"));
        assertEquals("compare --answers compares one run with one run; " + two + " holds 2 results: name one of its files",
                refused("compare", "--answers", two.toString(), a.toString()));
        assertEquals("no result files (*.json) in " + empty, refused("compare", "--answers", a.toString(), empty.toString()));
        assertEquals(tmp.resolve("a") + " holds no query answers (a run of workload 'iot-insert'); compare --answers needs iot-query or "
                + "iot-mixed results", refused("compare", "--answers", tmp.resolve("a").toString(), a.toString()));

        assertEquals("invalid value 'lots' for --threshold: expected a percentage such as 5%",
                refused("compare", a.toString(), a.toString(), "--threshold", "lots"));
        assertEquals("invalid value '0.05' for --threshold: ambiguous; write 0.05% or 5%",
                refused("compare", a.toString(), a.toString(), "--threshold", "0.05"));

        assertEquals("Missing required option: '--out=FILE' (see 'runner merge --help')", refused("merge", a.toString()));
        assertEquals("merge needs the results of at least two processes; got 1",
                refused("merge", a.toString(), "--out", tmp.resolve("m.json").toString()));
        // the same file named twice is one part; the same run in two files would be counted twice
        assertEquals("merge needs the results of at least two processes; got 1",
                refused("merge", a.toString(), a.toString(), "--out", tmp.resolve("m.json").toString()));
        Path copy = Files.writeString(tmp.resolve("copy.json"), json);
        assertTrue(refused("merge", a.toString(), copy.toString(), "--out", tmp.resolve("m.json").toString())
                .matches("run [^ ]+ is in two files: " + java.util.regex.Pattern.quote(a + " and " + copy)));
        // shard 1 of a shard 0's run, its histograms damaged
        Path s0 = noop("shard", "--shard", "0/2");
        String shardJson = Files.readString(s0);
        Path damaged = Files.writeString(tmp.resolve("damaged.json"), shardJson
                .replace(ResultFiles.read(s0).runId(), "other-process")
                .replace("\"shard\" : \"0/2\"", "\"shard\" : \"1/2\"").replace("\"index\" : 0,", "\"index\" : 1,")
                .replaceAll("\"histogram\" : \"[^\"]+\"", "\"histogram\" : \"bm90IGEgaGlzdG9ncmFt\""));
        assertTrue(refused("merge", s0.toString(), damaged.toString(), "--out", tmp.resolve("m.json").toString())
                .startsWith("damaged histogram in result other-process, "));
        assertEquals("cannot merge results of different workloads (iot-insert and tpcc): the parts of one run share "
                + "workload, target and seed", refused("merge", a.toString(), tpcc.toString(), "--out", tmp.resolve("m.json").toString()));
        assertTrue(refused("merge", a.toString(), truncated.toString(), "--out", tmp.resolve("m.json").toString())
                .startsWith(truncated + " is not valid JSON"));
        assertEquals("--out names the merged result's file; " + tmp + " is a directory",
                refused("merge", a.toString(), "--out", tmp.toString()));
    }
}
