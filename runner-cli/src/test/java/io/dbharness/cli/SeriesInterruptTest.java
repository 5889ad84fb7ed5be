package io.dbharness.cli;

import io.dbharness.results.search.SearchFiles;
import io.dbharness.results.search.SearchResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ctrl-C to the process group of a series (sweep, {@code --repeat}, find-max) once its first run has ended: between
 * two runs, or while the next one is prepared or has just started. Wherever it lands, the series stops: no later run
 * starts, what ran is kept (its result, the table, the report or the search file), and the exit code is 130. A signal
 * there was lost (the series went on, exit 0) or quit without the table.
 */
class SeriesInterruptTest {

    private static final String NOOP_FOR_A_WHILE = "--tag-num=1000";

    @TempDir
    Path tmp;

    /** Point 2 waits for a --start-at far ahead, in its preparation: the signal comes then, every time. */
    @Test
    @Timeout(120)
    void ctrlCWhileTheNextPointIsPreparedEndsTheSweepWithItsTable() throws Exception {
        Path results = tmp.resolve("res");
        try (Spawned p = Spawned.start(List.of(), "sweep", "--target", "noop", "--vary",
                "start-at=2020-01-01T00:00:00Z,2099-01-01T00:00:00Z", "--tag-num", "10",
                "--ts-end", "2022-04-18 09:00:10", "--results", results.toString())) {
            assertTrue(p.awaitErr("waiting until --start-at 2099", 60), "point 2 never waited: " + p.out() + p.err());
            assertEquals(0, p.signalGroup("INT"));
            assertTrue(p.awaitExit(60), "still running; stderr:\n" + p.err());
            assertEquals(130, p.process.exitValue(), p.err());
            assertEquals(1, jsonFiles(results).size(), "point 1's result only");
            // point 2 was given up before it started: it is not a run made
            assertTrue(p.out().contains("sweep: 1 of 2 runs made"), p.out());
            assertTrue(p.out().matches("(?s).*\\n  1 start-at=2020-01-01T00:00:00Z\\s+0\\s.*"), p.out());
            assertTrue(p.out().matches("(?s).*\\n  2 start-at=2099-01-01T00:00:00Z\\s+130\\s+-\\s+\\(no result written\\).*"), p.out());
            assertTrue(p.err().contains("stopped: 1 run of the series not started"), p.err());
            assertTrue(p.out().contains("report: "), p.out());
        }
    }

    @Test
    @Timeout(180)
    void ctrlCAfterAPointEndedStartsNoLaterPoint() throws Exception {
        Path results = tmp.resolve("res");
        // point 1 ends by itself; the later ones would take a minute
        try (Spawned p = Spawned.start(List.of(), "sweep", "--target", "noop", "--vary", "duration=2s,60s,61s",
                NOOP_FOR_A_WHILE, "--rate", "1000", "--watch-interval", "200ms", "--results", results.toString())) {
            assertTrue(p.awaitOut("result: ", 60), "point 1 did not end: " + p.out() + p.err());
            assertEquals(0, p.signalGroup("INT"));
            assertTrue(p.awaitExit(60), "still running; stderr:\n" + p.err());
            assertEquals(130, p.process.exitValue(), p.err());
            Path first = firstResult(p.out());
            assertTrue(Files.isRegularFile(first), first.toString());
            assertTrue(jsonFiles(results).size() <= 2, "point 1's result, and point 2's if it had started");
            assertTrue(p.out().matches("(?s).*\\nsweep: [12] of 3 runs made\\n.*"), p.out());
            assertTrue(p.out().matches("(?s).*\\n  1 duration=2s\\s+0\\s.*"), p.out());
            assertFalse(p.out().contains("== point 3/3"), p.out());
            assertTrue(p.out().contains("report: "), p.out());
        }
    }

    @Test
    @Timeout(180)
    void ctrlCAfterARepetitionEndedStartsNoLaterOne() throws Exception {
        Path results = tmp.resolve("res");
        try (Spawned p = Spawned.start(List.of(), "--target", "noop", "--repeat", "3", NOOP_FOR_A_WHILE, "--rate", "1000",
                "--duration", "4s", "--watch-interval", "200ms", "--results", results.toString())) {
            assertTrue(p.awaitOut("result: ", 60), "repetition 1 did not end: " + p.out() + p.err());
            assertEquals(0, p.signalGroup("INT"));
            assertTrue(p.awaitExit(60), "still running; stderr:\n" + p.err());
            assertEquals(130, p.process.exitValue(), p.err());
            assertTrue(Files.isRegularFile(firstResult(p.out())));
            assertTrue(jsonFiles(results).size() <= 2, "repetition 1's result, and 2's if it had started");
            assertTrue(p.out().matches("(?s).*\\nrepeat: [12] of 3 runs made; .*"), p.out());
            assertFalse(p.out().contains("== repetition 3/3"), p.out());
        }
    }

    @Test
    @Timeout(180)
    void ctrlCAfterAStepEndedEndsTheSearchWithItsFile() throws Exception {
        searchStoppedAfterStepOne(List.of());
    }

    @Test
    @Timeout(240)
    void ctrlCAfterAShardedStepEndedEndsTheSearchWithItsFile() throws Exception {
        searchStoppedAfterStepOne(List.of("--shards", "2"));
    }

    /** Step 1 ends by itself (its row printed), the signal comes after: no step 3, the search file says stopped. */
    private void searchStoppedAfterStepOne(List<String> more) throws Exception {
        Path results = tmp.resolve("res");
        List<String> args = new java.util.ArrayList<>(List.of("find-max", "--target", "noop", "--vary", "rate", "--slo",
                "kept-up", NOOP_FOR_A_WHILE, "--duration", "3s", "--watch-interval", "200ms", "--results", results.toString()));
        args.addAll(more);
        try (Spawned p = Spawned.start(List.of(), args.toArray(String[]::new))) {
            assertTrue(p.awaitOut("\n    1  ", 120), "step 1 did not end: " + p.out() + p.err());
            assertEquals(0, p.signalGroup("INT"));
            assertTrue(p.awaitExit(90), "still running; stderr:\n" + p.err());
            assertEquals(130, p.process.exitValue(), p.out() + p.err());
            List<Path> files = jsonFiles(results);
            SearchResult s = SearchFiles.read(files.stream().filter(SearchFiles::isSearch).findFirst().orElseThrow());
            assertEquals("stopped", s.outcome(), p.out());
            assertTrue(s.steps().stream().allMatch(st -> st.number() <= 2), "a step after the signal: " + p.out());
            assertTrue(s.steps().get(0).stepMet() != null, "step 1 judged: " + p.out());
            assertTrue(files.stream().filter(f -> !SearchFiles.isSearch(f)).count() <= 2, files.toString());
            assertTrue(p.out().contains("find-max stopped"), p.out());
            assertTrue(p.out().contains("search: "), p.out());
            assertFalse(p.out().contains("\n    3  "), p.out());
        }
    }

    private static Path firstResult(String out) {
        Matcher m = Pattern.compile("(?m)^result: (.+)$").matcher(out);
        assertTrue(m.find(), out);
        return Path.of(m.group(1));
    }

    private static List<Path> jsonFiles(Path dir) throws java.io.IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".json")).toList();
        }
    }
}
