package io.dbharness.results;

import io.dbharness.core.measure.HistogramCodec;
import io.dbharness.core.result.RunResult;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** FILES|DIR as report, compare and merge read them: one set of rules, and a damaged histogram refused in one line. */
class ResultInputsTest {

    @TempDir
    Path tmp;

    @Test
    void aDirectoryIsItsVisibleJsonFilesInNameOrder() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("results"));
        write(dir.resolve("b.json"), "run-b");
        write(dir.resolve("a.json"), "run-a");
        Files.writeString(dir.resolve("notes.txt"), "not a result");
        Files.writeString(dir.resolve(".half.json"), "{\"format\": \"dbharness-re"); // hidden: skipped, not refused
        Files.writeString(dir.resolve(".c.json1234.tmp"), "{"); // a writer's temporary
        Files.createDirectories(dir.resolve("sub.json"));
        assertEquals(List.of("run-a", "run-b"), ids(List.of(dir)));
        // files named go in the order named, and a hidden one named on purpose is read
        Path hidden = write(tmp.resolve(".kept.json"), "run-h");
        assertEquals(List.of("run-b", "run-h"), ids(List.of(dir.resolve("b.json"), hidden)));
    }

    @Test
    void theSameFileReachedTwiceCountsOnce() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("results"));
        Path a = write(dir.resolve("a.json"), "run-a");
        Path link = Files.createSymbolicLink(tmp.resolve("link.json"), a);
        assertEquals(List.of("run-a"), ids(List.of(a, dir, dir.resolve("../results/a.json"), link)));
    }

    @Test
    void aSearchFileIsPassedOverInADirectoryAndStandsForItsStepsWhenNamed() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("search"));
        write(dir.resolve("a.json"), "run-a");
        write(dir.resolve("b.json"), "run-b");
        write(dir.resolve("c.json"), "run-c");
        io.dbharness.results.search.SearchResult.Step step = new io.dbharness.results.search.SearchResult.Step(1, 1000, 1,
                true, true, "c.json", 0, 1000, 990, "rows/s", List.of(), null);
        io.dbharness.results.search.SearchResult s = new io.dbharness.results.search.SearchResult("s1", "test", "noop",
                "iot-insert", "rate", "kept-up", java.util.Map.of(), 0.05, 1, java.util.Map.of(), java.time.Instant.now(),
                java.time.Instant.now(), 1000.0, null, "limit", List.of(step, new io.dbharness.results.search.SearchResult.Step(
                        2, 2000, 1, true, true, "a.json", 0, 2000, 1990, "rows/s", List.of(), null)));
        Path file = io.dbharness.results.search.SearchFiles.write(s, dir);
        assertEquals(dir.resolve("s1.search.json"), file);
        assertEquals(List.of("run-a", "run-b", "run-c"), ids(List.of(dir)));
        assertEquals(List.of("run-c", "run-a"), ids(List.of(file)));
        assertEquals(s, io.dbharness.results.search.SearchFiles.read(file));
        assertEquals(List.of(s), io.dbharness.results.search.SearchFiles.among(List.of(dir)));
        Files.writeString(tmp.resolve("bad.search.json"), "{\"format\": \"dbharness-result/2\"}");
        assertTrue(refused(List.of(tmp.resolve("bad.search.json"))).contains("is not a search result"));
    }

    @Test
    void badInputIsOneLineNamingTheProblem() throws Exception {
        Path a = write(tmp.resolve("a.json"), "run-a");
        Path copy = write(tmp.resolve("copy.json"), "run-a");
        assertEquals("run run-a is in two files: " + a + " and " + copy, refused(List.of(a, copy)));
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Files.writeString(empty.resolve(".only-hidden.json"), "{}");
        assertEquals("no result files (*.json) in " + empty, refused(List.of(a, empty)));
        assertEquals("no result files given: name result files or a directory of them", refused(List.of()));
        assertEquals("result file not found: " + tmp.resolve("nope.json"), refused(List.of(tmp.resolve("nope.json"))));
    }

    @Test
    void aDamagedHistogramIsAOneLineResultFileError() {
        Histogram h = new Histogram(3);
        for (long v = 1; v <= 5_000; v++) {
            h.recordValue(v * 7);
        }
        byte[] good = Base64.getDecoder().decode(HistogramCodec.encode(h));
        // every truncation and every flipped byte: decoded or refused in one line, never another exception
        int refusals = 0;
        for (int i = 0; i < good.length; i++) {
            byte[] flipped = good.clone();
            flipped[i] ^= (byte) 0xA5;
            for (byte[] bytes : List.of(java.util.Arrays.copyOf(good, i), flipped)) {
                try {
                    ResultFiles.histogram(Base64.getEncoder().encodeToString(bytes), "run x, operation type insert");
                } catch (ResultFileException e) {
                    assertTrue(e.getMessage().startsWith("damaged histogram in run x, operation type insert: "), e.getMessage());
                    assertFalse(e.getMessage().contains("\n"), e.getMessage());
                    refusals++;
                }
            }
        }
        assertTrue(refusals >= good.length, "every truncation at least is refused: " + refusals);
        ResultFileException e = assertThrows(ResultFileException.class, () -> ResultFiles.histogram("%%% not base64", "run y"));
        assertTrue(e.getMessage().startsWith("damaged histogram in run y: "), e.getMessage());
    }

    /** A result file of {@link Samples#clean()} under another run id. */
    private static Path write(Path file, String runId) throws Exception {
        RunResult c = Samples.clean();
        return Files.writeString(file, ResultFiles.toJson(c).replace("\"" + c.runId() + "\"", "\"" + runId + "\""));
    }

    private static List<String> ids(List<Path> paths) {
        return ResultInputs.readAll(paths).stream().map(RunResult::runId).toList();
    }

    private static String refused(List<Path> paths) {
        ResultFileException e = assertThrows(ResultFileException.class, () -> ResultInputs.readAll(paths));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        return e.getMessage();
    }
}
