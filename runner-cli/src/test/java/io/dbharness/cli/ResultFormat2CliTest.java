package io.dbharness.cli;

import io.dbharness.core.result.RunResult;
import io.dbharness.results.ResultFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every command that reads result files takes the {@code dbharness-result/2} files main wrote before version 3
 * (results' {@code fixtures/v2}, each command in its README): report, compare, compare --answers, explain, merge.
 */
@Timeout(180)
class ResultFormat2CliTest {

    private static final Path V2 = Path.of("../results/src/test/resources/fixtures/v2");

    @TempDir
    Path tmp;

    private static String v2(String name) {
        return V2.resolve(name + ".json").toString();
    }

    @Test
    void reportTakesEveryVersion2FileAndAFindMaxSearch() throws Exception {
        List<String> args = new ArrayList<>(List.of("report"));
        try (Stream<Path> s = Files.list(V2)) {
            s.filter(p -> p.toString().endsWith(".json")).sorted().forEach(p -> args.add(p.toString()));
        }
        args.addAll(List.of("--out", tmp.resolve("all").toString()));
        CliRun all = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, all.exitCode(), all.err());
        assertTrue(Files.readString(tmp.resolve("all/report.html")).contains("20261207-050241-tpcc-postgres-e8ecc98e"));

        CliRun search = CliRun.of("report", V2.resolve("search").toString(), "--out", tmp.resolve("search").toString());
        assertEquals(0, search.exitCode(), search.err());
        assertTrue(Files.readString(tmp.resolve("search/report.md")).contains("8000"), "the search's steps are in it");
    }

    @Test
    void compareAndCompareAnswers() {
        CliRun answers = CliRun.of("compare", "--answers", v2("pg-query-a"), v2("pg-query-b"));
        assertEquals(0, answers.exitCode(), answers.err());
        assertTrue(answers.out().contains("0 of 30 answers differ"), answers.out());

        CliRun figures = CliRun.of("compare", v2("noop-repeat-1"), v2("noop-repeat-2"));
        assertEquals(0, figures.exitCode(), figures.err() + figures.out());
        assertTrue(figures.out().contains("throughput (rows/s) *   844,416  7,427,241"), figures.out());
    }

    @Test
    void explainSaysWhatMainSaid() throws Exception {
        CliRun r = CliRun.of("explain", v2("pg-tpcc"));
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(Files.readString(V2.resolve("expected/pg-tpcc.explain.txt")).strip(), r.out().strip());
    }

    @Test
    void mergeOfVersion2ShardsWritesVersion3WithMainsFigures() throws Exception {
        Path out = tmp.resolve("merged.json");
        CliRun r = CliRun.of("merge", v2("noop-shard-a"), v2("noop-shard-b"), "--out", out.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(Files.readString(out).contains("\"format\" : \"dbharness-result/3\""));
        assertEquals(List.of(), ResultSchemaCliTest.errors(out));
        RunResult merged = ResultFiles.read(out);
        RunResult mains = ResultFiles.read(Path.of(v2("noop-shards-merged")));
        assertEquals(mains.totals(), merged.totals());
        assertEquals(mains.runId(), merged.runId(), "the same parts give the same id");
    }
}
