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
}
