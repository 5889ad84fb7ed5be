package io.dbharness.cli;

import io.dbharness.results.search.SearchFiles;
import io.dbharness.results.search.SearchResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code --resolution} is find-max's own option, as {@code --from} and {@code --slo} are: the search takes it, and
 * its steps' runs never see it (a run would refuse it as an option of no target or workload).
 */
class FindMaxResolutionTest {

    @TempDir
    Path tmp;

    @Test
    void resolutionIsTheSearchsAndNoOptionOfItsSteps() throws Exception {
        Path results = tmp.resolve("resolution");
        CliRun r = CliRun.of("find-max", "--target", "noop", "--vary", "workers=1..2", "--slo", "errors=0",
                "--resolution", "10%", "--tag-num", "100000", "--total-metrics-count", "1", "--ts-end",
                "2022-04-19 09:00:00", "--duration", "600ms", "--watch-interval", "200ms", "--no-watch", "--results",
                results.toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        try (Stream<Path> s = Files.list(results)) {
            List<Path> found = s.filter(SearchFiles::isSearch).toList();
            assertEquals(1, found.size(), found.toString());
            SearchResult search = SearchFiles.read(found.get(0));
            assertEquals(0.10, search.precision(), 1e-9, "the search's resolution");
            assertEquals("limit", search.outcome());
        }
    }

    /**
     * A search cut short by {@code --max-steps}: its met end stood on one run, and the line says so; and what that
     * run achieved, under the offered rate by whole batches (500-row batches a quarter second apart: three fall due
     * in 0.9 s, 1,500 rows, about 1,670 rows/s of the 2,000 offered, kept up all the same).
     */
    @Test
    @org.junit.jupiter.api.Timeout(120)
    void anEndThatStoodOnOneRunAndWhatTheMetRateAchievedAreSaid() {
        CliRun r = CliRun.of("find-max", "--target", "noop", "--vary", "rate", "--slo", "kept-up", "--from", "2000",
                "--max-steps", "1", "--workers", "1", "--write-batch-rows", "500", "--duration", "900ms",
                "--watch-interval", "250ms", "--no-watch", "--results", tmp.resolve("once").toString());
        assertEquals(1, r.exitCode(), "max-steps ran out: " + r.out() + r.err());
        String end = r.out().lines().filter(l -> l.startsWith("find-max max-steps: ")).findFirst().orElseThrow();
        org.junit.jupiter.api.Assertions.assertTrue(end.matches("find-max max-steps: highest rate that met the objective: 2000"
                + " \\(step 1, run once, achieved 1,[56][0-9]{2} rows/s\\); lowest that did not: none; .*"), end);
    }
}
