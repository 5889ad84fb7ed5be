package io.dbharness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code runner sweep} and {@code --repeat}, on the noop and file targets so they take a moment. */
class SweepCommandTest {

    @TempDir
    Path tmp;

    /** A tiny iot-insert: 10 devices over 2 seconds. */
    private static final List<String> TINY = List.of("--tag-num", "10", "--ts-end", "2022-04-18 09:00:02", "--no-watch");

    private CliRun sweep(String... args) {
        List<String> all = new ArrayList<>(List.of("sweep", "--results", tmp.resolve("res").toString()));
        all.addAll(TINY);
        all.addAll(List.of(args));
        return CliRun.of(all.toArray(String[]::new));
    }

    /** The result files in the order the runs started. */
    private List<JsonNode> results() throws Exception {
        Path dir = tmp.resolve("res");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<JsonNode> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".json")).toList()) {
                out.add(new ObjectMapper().readTree(p.toFile()));
            }
        }
        out.sort(Comparator.comparing(r -> r.at("/run/start").asText()));
        return out;
    }

    /** Option names whose values differ between two results. */
    private static Set<String> differing(JsonNode a, JsonNode b) {
        Set<String> names = new HashSet<>();
        a.at("/run/options").fieldNames().forEachRemaining(names::add);
        b.at("/run/options").fieldNames().forEachRemaining(names::add);
        names.removeIf(n -> a.at("/run/options").path(n).equals(b.at("/run/options").path(n)));
        return names;
    }

    @Test
    void aGridRunsEveryPointInOrderAndTheResultsDifferOnlyByTheVariedOptions() throws Exception {
        CliRun r = sweep("--target", "noop", "--vary", "workers=1,2", "--vary", "total-metrics-count=2,3");
        assertEquals(0, r.exitCode(), r.err() + r.out());
        assertTrue(r.out().contains("== point 1/4: workers=1, total-metrics-count=2 =="), r.out());
        assertTrue(r.out().contains("== point 4/4: workers=2, total-metrics-count=3 =="), r.out());
        assertTrue(r.out().indexOf("point 2/4: workers=1, total-metrics-count=3") < r.out().indexOf("point 3/4: workers=2, total-metrics-count=2"));
        List<JsonNode> results = results();
        assertEquals(4, results.size());
        String[][] expected = {{"1", "2"}, {"1", "3"}, {"2", "2"}, {"2", "3"}};
        for (int i = 0; i < 4; i++) {
            JsonNode o = results.get(i).at("/run/options");
            assertEquals(expected[i][0], o.get("workers").asText());
            assertEquals(expected[i][1], o.get("total-metrics-count").asText());
            assertEquals(20, results.get(i).get("totals").get("rows").asLong());
            assertEquals("noop", results.get(i).at("/run/target").asText());
        }
        assertEquals(Set.of("total-metrics-count"), differing(results.get(0), results.get(1)));
        assertEquals(Set.of("workers"), differing(results.get(0), results.get(2)));
        assertEquals(Set.of("workers", "total-metrics-count"), differing(results.get(0), results.get(3)));
        // the table lists every run with its file
        for (JsonNode res : results) {
            assertTrue(r.out().contains(res.at("/run/id").asText() + ".json"), r.out());
        }
        assertTrue(r.out().contains("sweep: 4 of 4 runs made"), r.out());
        assertTrue(r.out().contains("rows/s"), r.out());
    }

    @Test
    void aTargetsOwnOptionsGoToItsPointsOnly() throws Exception {
        Path csv = tmp.resolve("rows.csv");
        CliRun r = sweep("--vary", "target=noop,file", "--format", "csv", "--output", csv.toString(),
                "--total-metrics-count", "2");
        assertEquals(0, r.exitCode(), r.err() + r.out());
        List<JsonNode> results = results();
        assertEquals(2, results.size());
        assertEquals("noop", results.get(0).at("/run/target").asText());
        assertTrue(results.get(0).at("/run/options").path("output").isMissingNode(), "noop has no --output");
        assertEquals("csv", results.get(0).at("/run/options").get("format").asText(), "both take --format");
        assertEquals("file", results.get(1).at("/run/target").asText());
        assertEquals(csv.toString(), results.get(1).at("/run/options").get("output").asText());
        assertEquals(10 * 2 + 1, Files.readAllLines(csv).size());
    }

    @Test
    void valuesHoldingCommasAreSeparatedBySemicolons() throws Exception {
        CliRun r = CliRun.of("sweep", "--target", "noop", "--workload", "tpcc", "--results", tmp.resolve("res").toString(),
                "--vary", "weights=45,43,4,4,4;50,40,4,3,3", "--vary", "workers=0", "--no-watch");
        // checked, not run: the second axis's bad value proves both weights values were read as two points
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.oneLineError().startsWith("sweep point weights=45,43,4,4,4, workers=0: "), r.err());
    }

    @Test
    void repeatWritesOneResultPerRunAndTheMean() throws Exception {
        CliRun r = CliRun.of("--target", "noop", "--tag-num", "10", "--ts-end", "2022-04-18 09:00:02", "--no-watch",
                "--total-metrics-count", "2", "--repeat", "3", "--results", tmp.resolve("res").toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(3, results().size());
        assertTrue(r.out().contains("== repetition 3/3 =="), r.out());
        assertTrue(r.out().matches("(?s).*repeat: 3 of 3 runs made; mean [\\d,.]+ ± [\\d,.]+ rows/s \\(95% CI, Student's t, 3 runs\\).*"), r.out());
        // the mean printed is that of the three results' rows/s
        io.dbharness.results.stats.Estimate e = io.dbharness.results.stats.Estimate.of(results().stream()
                .mapToDouble(j -> j.get("totals").get("rowsPerSecond").asDouble()).toArray());
        assertTrue(r.out().contains(String.format(java.util.Locale.ROOT, "mean %,.0f ± %,.0f rows/s", e.mean(), e.ciHalfWidth95())),
                r.out() + " expected " + e);
    }

    @Test
    void repeatInASweepRunsEachPointAgainAndGivesItsMean() throws Exception {
        CliRun r = sweep("--target", "noop", "--vary", "workers=1,2", "--repeat", "2");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(4, results().size());
        assertTrue(r.out().contains("== point 1/2: workers=1 (repetition 2/2) =="), r.out());
        assertTrue(r.out().contains("1 workers=1: mean "), r.out());
        assertTrue(r.out().contains("2 workers=2: mean "), r.out());
    }

    @Test
    void repeatFromAConfigFile() throws Exception {
        Path cfg = tmp.resolve("bench.yaml");
        Files.writeString(cfg, "target: noop\nrepeat: 2\ntag-num: 5\nts-end: 2022-04-18 09:00:01\n");
        CliRun r = CliRun.of("--config", cfg.toString(), "--no-watch", "--results", tmp.resolve("res").toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(2, results().size());
    }

    @Test
    void aPointThatFailsDoesNotStopTheOthersAndTheWorstExitCodeWins() throws Exception {
        CliRun r = sweep("--vary", "target=postgres,noop", "--url", "jdbc:postgresql://127.0.0.1:1/postgres");
        assertEquals(3, r.exitCode(), r.err() + r.out());
        assertTrue(r.err().contains("127.0.0.1:1"), r.err());
        List<JsonNode> results = results();
        assertEquals(1, results.size(), "the noop point ran after the postgres point failed");
        assertEquals("noop", results.get(0).at("/run/target").asText());
        String table = r.out().substring(r.out().indexOf("sweep: 2 of 2 runs made"));
        assertTrue(table.matches("(?s).*1 target=postgres\\s+3\\s+-\\s+\\(no result written\\).*"), table);
        assertTrue(table.matches("(?s).*2 target=noop\\s+0\\s+[\\d,.]+ rows/s\\s+\\S+\\.json.*"), table);
    }

    @Test
    void sweepHelpDescribesItWithAnExample() {
        CliRun r = CliRun.of("sweep", "--help");
        assertEquals(0, r.exitCode());
        assertTrue(r.out().contains("--vary=NAME=V1,V2") || r.out().contains("--vary NAME=V1,V2"), r.out());
        assertTrue(r.out().contains("runner sweep --target noop --vary total-metrics-count=10,100,1000"), r.out());
        assertTrue(r.out().contains("--tag-num"), "every run option: " + r.out());
        CliRun root = CliRun.of("--help");
        assertTrue(root.out().contains("runner sweep --vary"), root.out());
        assertTrue(root.out().contains("--repeat"), root.out());
    }

    // --- bad input: one line, exit 2, and nothing ran ---

    private String refused(String... args) throws Exception {
        CliRun r = sweep(args);
        assertEquals(2, r.exitCode(), String.join(" ", args) + "\n" + r.err() + r.out());
        assertEquals(List.of(), results(), "nothing ran");
        assertFalse(r.out().contains("== point"), r.out());
        return r.oneLineError();
    }

    @Test
    void anUnknownOptionIsRefused() throws Exception {
        assertEquals("--vary tag-colour: no target, workload or engine has an option '--tag-colour' (did you mean 'tag-num'?) (see 'runner sweep --help')",
                refused("--target", "noop", "--vary", "tag-colour=red,blue"));
        assertTrue(refused("--target", "noop", "--vary", "results=a,b").startsWith("--vary results: no target"));
    }

    @Test
    void aBadValueInTheLastPointIsRefusedBeforeTheFirstRuns() throws Exception {
        assertEquals("sweep point total-metrics-count=abc: invalid value 'abc' for --total-metrics-count: expected an integer from 1 to 100000",
                refused("--target", "noop", "--vary", "total-metrics-count=2,3,abc"));
        assertEquals("sweep point workers=1, target=oracle: unknown target 'oracle'; valid targets: file, influx, matrixdb, mogdb, noop, postgres, questdb, yugabyte",
                refused("--vary", "workers=1,2", "--vary", "target=noop,oracle"));
    }

    @Test
    void anOptionNoPointsTargetTakesIsRefused() throws Exception {
        assertEquals("sweep point target=noop: --output is an option of target 'file', not of 'noop'",
                refused("--vary", "target=noop", "--output", tmp.resolve("x.csv").toString()));
    }

    @Test
    void repeatOfAShardIsRefused() throws Exception {
        assertTrue(refused("--target", "noop", "--vary", "workers=1,2", "--repeat", "2", "--shard", "1/2")
                .startsWith("--repeat cannot be combined with --shard: each repetition's shards would need their own"), "");
    }

    @Test
    void malformedAxesAreRefused() throws Exception {
        assertEquals("--vary 'workers' needs NAME=VALUE1,VALUE2 (e.g. --vary workers=1,2,4)", refused("--vary", "workers"));
        assertEquals("--vary workers has an empty value in '': give the values to take, e.g. workers=1,2", refused("--vary", "workers="));
        assertEquals("--vary workers has an empty value in '1,,2'", refused("--vary", "workers=1,,2"));
        assertEquals("--vary workers takes '2' twice (to run a point again, use --repeat)", refused("--vary", "workers=2,2"));
        assertEquals("--vary workers is given twice; give every value of it in one --vary",
                refused("--target", "noop", "--vary", "workers=1", "--vary", "workers=2"));
        assertEquals("runner sweep needs at least one --vary NAME=V1,V2 (see 'runner sweep --help')", refused("--target", "noop"));
    }

    @Test
    void aVariedOptionAlsoGivenAsAFlagIsRefused() throws Exception {
        assertEquals("--workers is given as a flag and varied by --vary workers; give it once",
                refused("--target", "noop", "--workers", "3", "--vary", "workers=1,2"));
        assertEquals("--target is given as a flag and varied by --vary target; give it once",
                refused("--target", "noop", "--vary", "target=noop,file"));
    }

    @Test
    void repeatOutOfRangeIsRefused() throws Exception {
        assertEquals("invalid value '0' for --repeat: expected an integer from 1 to 1000",
                refused("--target", "noop", "--vary", "workers=1,2", "--repeat", "0"));
        CliRun plain = CliRun.of("--target", "noop", "--repeat", "1001", "--results", tmp.resolve("res").toString());
        assertEquals(2, plain.exitCode());
        assertEquals("invalid value '1001' for --repeat: expected an integer from 1 to 1000", plain.oneLineError());
        assertEquals(List.of(), results());
    }

    @Test
    void aTargetsOwnOptionValuesAreCheckedBeforeTheFirstPointRuns() throws Exception {
        // pg-ingest is postgres's: the noop points before it must not run when its value is refused
        assertTrue(refused("--vary", "target=noop,postgres", "--vary", "pg-ingest=copy-text,bogus")
                .startsWith("sweep point target=postgres, pg-ingest=bogus: invalid value 'bogus' for --pg-ingest"));
        assertTrue(refused("--vary", "target=noop,file", "--output", tmp.resolve("x.csv").toString(), "--format", "bogus")
                .startsWith("sweep point target=noop: "));
    }

    @Test
    void aPointThatIsAnothersRunOnceForeignOptionsAreLeftOutIsSkipped() throws Exception {
        // noop takes no --output: its second point would be its first again, and pass for a repetition
        CliRun r = sweep("--vary", "target=noop,file", "--vary", "output=" + tmp.resolve("a.csv") + "," + tmp.resolve("b.csv"));
        assertEquals(0, r.exitCode(), r.err() + r.out());
        assertTrue(r.err().contains("warning: point target=noop, output=" + tmp.resolve("b.csv") + " is the same run as target=noop, output="
                + tmp.resolve("a.csv") + ": noop takes no --output; left out"), r.err());
        assertEquals(List.of("noop", "file", "file"), results().stream().map(j -> j.at("/run/target").asText()).toList());
    }

    @Test
    void repeatChecksTheRunOnceBeforeTheFirstRepetition() throws Exception {
        CliRun r = CliRun.of("--target", "noop", "--tag-num", "abc", "--repeat", "3", "--results", tmp.resolve("res").toString());
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("invalid value 'abc' for --tag-num: expected an integer from 1 to 2147483647", r.oneLineError());
        assertFalse(r.out().contains("repetition"), r.out());
        assertEquals(List.of(), results());
    }
}
