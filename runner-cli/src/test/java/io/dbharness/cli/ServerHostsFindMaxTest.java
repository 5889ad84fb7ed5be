package io.dbharness.cli;

import io.dbharness.results.search.SearchFiles;
import io.dbharness.results.search.SearchResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * find-max with {@code --server-hosts}: its table gains the database machine's columns, and a server term of
 * {@code --slo} is judged on what node_exporter (Debian's, on this machine) measured.
 */
@Tag("server")
@Timeout(value = 3, unit = java.util.concurrent.TimeUnit.MINUTES)
class ServerHostsFindMaxTest {

    @TempDir
    Path tmp;

    @Test
    void theTableShowsTheServerHostsAndTheirTermIsJudged() throws Exception {
        try (NodeExporter exporter = NodeExporter.start()) {
            Path results = tmp.resolve("search");
            // a limit no disk misses: the steps meet it up to --to, and each step's row carries the figures
            CliRun r = CliRun.of("find-max", "--target", "noop", "--vary", "workers=1..2", "--slo", "server-await<60s,errors=0",
                    "--server-hosts", exporter.url(), "--tag-num", "100000", "--total-metrics-count", "1", "--ts-end",
                    "2022-04-19 09:00:00", "--duration", "1500ms", "--watch-interval", "500ms", "--no-watch", "--results",
                    results.toString());
            assertEquals(0, r.exitCode(), r.out() + r.err());
            List<String> lines = r.out().lines().toList();
            String header = lines.stream().filter(l -> l.strip().startsWith("step")).findFirst().orElseThrow();
            assertTrue(header.matches(".*server-await<60s +errors=0 +server CPU +IOPS +await +net MB/s +result"), header);
            String host = "127.0.0.1:" + exporter.port();
            List<String> rows = lines.stream().filter(l -> l.contains("disk await " + host)).toList();
            assertEquals(2, rows.size(), r.out());
            for (String row : rows) {
                assertTrue(row.matches(".* met .*disk await " + java.util.regex.Pattern.quote(host)
                        + " [\\d.]+ (s|ms|us) +errors 0 +\\d+\\.\\d% +[\\d,.]+ +[\\d.]+ ms +[\\d,.]+ +\\S+\\.json.*"), row);
            }
            SearchResult s;
            try (Stream<Path> files = Files.list(results)) {
                s = SearchFiles.read(files.filter(SearchFiles::isSearch).findFirst().orElseThrow());
            }
            assertEquals("limit", s.outcome(), r.out());
            assertTrue(s.steps().get(0).checks().get(0).value() >= 0, "the await judged: " + s.steps().get(0).checks());
        }
    }
}
