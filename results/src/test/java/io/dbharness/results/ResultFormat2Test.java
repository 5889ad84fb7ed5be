package io.dbharness.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbharness.core.result.Outcome;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.StopReason;
import io.dbharness.results.compare.ResultComparison;
import io.dbharness.results.explain.Explanation;
import io.dbharness.results.merge.ResultMerge;
import io.dbharness.results.report.Report;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real {@code dbharness-result/2} files written by main before version 3 ({@code fixtures/v2}, each command in its
 * README) read through every reader: what main showed of them (its summary box and its explanation, kept in
 * {@code fixtures/v2/expected}) is shown the same, nothing lost in the step to version 3.
 */
@Timeout(120)
class ResultFormat2Test {

    static final Path FIXTURES = Path.of("src/test/resources/fixtures/v2");

    @TempDir
    Path tmp;

    static Path fixture(String name) {
        return FIXTURES.resolve(name + ".json");
    }

    static List<Path> all() throws IOException {
        try (Stream<Path> s = Files.list(FIXTURES)) {
            return s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }

    private static String expected(String name) throws IOException {
        return Files.readString(FIXTURES.resolve("expected").resolve(name)).strip();
    }

    @Test
    void everyFixtureIsAVersion2FileValidUnderItsSchemaAndReads() throws Exception {
        List<Path> files = all();
        assertEquals(13, files.size(), files.toString());
        for (Path f : files) {
            assertEquals(ResultFiles.FORMAT_2, SchemaCheck.JSON.readTree(f.toFile()).get("format").asText(), f.toString());
            assertEquals(List.of(), SchemaCheck.errors(Files.readString(f), "dbharness-result-2.schema.json"), f.toString());
            RunResult r = ResultFiles.read(f);
            assertTrue(r.runId() != null && r.stopReason() != null && r.totals() != null, f.toString());
        }
    }

    /** The summary box main printed at each run, from the file alone: every line of it, in its place. */
    @Test
    void theSummaryIsTheOneMainPrintedAtTheRun() throws Exception {
        for (String name : List.of("pg-tpcc", "pg-insert-verify", "pg-query-a", "pg-query-aborted", "noop-rate")) {
            String summary = SummaryTable.render(ResultFiles.read(fixture(name)));
            assertEquals(expected(name + ".summary.txt"), boxOf(summary), name);
        }
    }

    @Test
    void theExplanationIsTheOneMainGave() throws Exception {
        for (String name : List.of("pg-tpcc", "pg-insert-verify", "noop-rate", "pg-query-aborted", "noop-shards-merged")) {
            assertEquals(expected(name + ".explain.txt"), Explanation.render(ResultFiles.read(fixture(name))).strip(), name);
        }
    }

    @Test
    void typedSectionsHoldWhatVersion2KeptAsStringsAndSentinels() {
        RunResult tpcc = ResultFiles.read(fixture("pg-tpcc"));
        assertEquals(StopReason.DURATION, tpcc.stopReason());
        assertEquals(598_869, tpcc.workloadFacts().loaded().rows());
        assertEquals(4.315, tpcc.workloadFacts().loaded().seconds().getAsDouble());
        assertEquals("0 of 690 (no new order in the district at that moment; clause 2.7.4.2)",
                tpcc.workloadFacts().notes().get("Delivery: districts skipped"));
        assertEquals("postgres", tpcc.workloadFacts().details().get("dialect"));
        assertFalse(tpcc.workloadFacts().details().containsKey("loadedRows"), "moved to its typed place");
        assertTrue(tpcc.figures().get("tpmC") > 0);
        assertEquals(122_961_920L, tpcc.storedBytes().getAsLong());

        RunResult aborted = ResultFiles.read(fixture("pg-query-aborted"));
        assertEquals(StopReason.ABORTED, aborted.stopReason());
        assertEquals(Outcome.Phase.RUN, aborted.failedPhase());
        assertEquals(1, aborted.exitCode());
        assertTrue(aborted.failure().contains("no_such_column"), aborted.failure());

        RunResult noop = ResultFiles.read(fixture("noop-insert-verify"));
        assertTrue(noop.storedBytes().isEmpty(), "/2's -1: the target cannot tell");
        assertTrue(noop.compressionRatio().isEmpty());
        assertTrue(noop.harnessCpuSeconds().isPresent());
        assertEquals(null, noop.failedPhase());

        RunResult shard = ResultFiles.read(fixture("noop-shard-a"));
        assertEquals(2, shard.shard().count());
        assertEquals("fx-1", shard.shard().runGroup());
        assertTrue(ResultFiles.read(fixture("noop-rate")).groups().get(0).pacing().keptUp());
    }

    /** Read as /2, written as /3, read back: the same result, and the /3 file valid under its schema. */
    @Test
    void eachFixtureRoundTripsThroughVersion3() throws Exception {
        for (Path f : all()) {
            RunResult r = ResultFiles.read(f);
            String v3 = ResultFiles.toJson(r);
            assertEquals(List.of(), SchemaCheck.errors(v3), f.toString());
            JsonNode tree = SchemaCheck.JSON.readTree(v3);
            assertEquals(ResultFiles.FORMAT, tree.get("format").asText());
            assertFalse(tree.has("workloadInfo") || tree.has("runId") || tree.has("stopReason"), "no /2 field left: " + f);
            for (JsonNode section : List.of(tree, tree.get("run"), tree.get("outcome"), tree.get("workloadFacts"))) {
                section.fields().forEachRemaining(e -> assertFalse(e.getValue().isNumber() && e.getValue().asDouble() < 0
                        && !e.getKey().equals("seed"), "no -1 for unknown: " + e.getKey() + " in " + f));
            }
            assertEquals(r, ResultFiles.parse(v3, f.toString()), f.toString());
        }
    }

    /** What /2 wrote that /3 names otherwise lands in its place; a damaged /2 value is one line. */
    @Test
    void theUpgradeMovesEveryVersion2FieldAndRefusesADamagedOne() throws Exception {
        ObjectNode v2 = (ObjectNode) SchemaCheck.JSON.readTree(fixture("pg-query-a").toFile());
        RunResult r = ResultFiles.read(fixture("pg-query-a"));
        assertEquals(v2.get("runId").asText(), r.runId());
        assertEquals(v2.get("loadModel").asText(), r.loadModel());
        assertEquals(v2.get("workers").asInt(), r.workers());
        assertEquals(v2.get("options").size(), r.options().size());
        assertEquals(v2.get("answers").size(), r.answers().size());
        // every workloadInfo entry is a detail, a note or the loaded rows
        int info = v2.get("workloadInfo").size();
        assertEquals(info, r.workloadFacts().details().size() + r.workloadFacts().notes().size() + 2, "loadedRows and loadSeconds typed");

        ((ObjectNode) v2.get("workloadInfo")).put("loadedRows", "many");
        Path damaged = Files.writeString(tmp.resolve("damaged.json"), v2.toString());
        ResultFileException e = org.junit.jupiter.api.Assertions.assertThrows(ResultFileException.class,
                () -> ResultFiles.read(damaged));
        assertTrue(e.getMessage().startsWith("damaged result file " + damaged) && !e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void mergingVersion2ShardsGivesWhatMainsMergeGave() {
        RunResult merged = ResultMerge.merge(List.of(ResultFiles.read(fixture("noop-shard-a")),
                ResultFiles.read(fixture("noop-shard-b"))));
        RunResult mains = ResultFiles.read(fixture("noop-shards-merged"));
        assertEquals(mains.totals(), merged.totals());
        assertEquals(mains.operations(), merged.operations());
        assertEquals(mains.stopReason(), merged.stopReason());
        assertEquals(mains.workloadFacts().details().get(ResultMerge.MERGED_FROM),
                merged.workloadFacts().details().get(ResultMerge.MERGED_FROM));
        assertEquals(merged, ResultFiles.parse(ResultFiles.toJson(merged), "merged"));
    }

    @Test
    void answersAndFiguresCompareAcrossVersion2Files() {
        AnswerComparison.Outcome same = AnswerComparison.compare(ResultFiles.read(fixture("pg-query-a")), "a",
                ResultFiles.read(fixture("pg-query-b")), "b");
        assertEquals("0 of 30 answers differ", AnswerComparison.render(same, ResultFiles.read(fixture("pg-query-a")), "a",
                ResultFiles.read(fixture("pg-query-b")), "b", 10).lines().reduce((x, y) -> y).orElseThrow());

        ResultComparison c = ResultComparison.compare(List.of(ResultFiles.read(fixture("noop-repeat-1"))),
                List.of(ResultFiles.read(fixture("noop-repeat-2"))), 0.05);
        assertFalse(c.rows().isEmpty());
    }

    @Test
    void oneReportTakesEveryFixture() throws Exception {
        List<Path> files = new ArrayList<>(all());
        Path html = Report.write(files, tmp.resolve("report"));
        String page = Files.readString(html);
        for (Path f : files) {
            assertTrue(page.contains(ResultFiles.read(f).runId()), f.toString());
        }
    }

    /** The box alone: the lines from its top corner to its bottom one. */
    private static String boxOf(String summary) {
        List<String> lines = summary.lines().toList();
        int top = 0;
        while (!lines.get(top).startsWith("┌")) {
            top++;
        }
        int bottom = top;
        while (!lines.get(bottom).startsWith("└")) {
            bottom++;
        }
        return String.join("\n", lines.subList(top, bottom + 1));
    }
}
