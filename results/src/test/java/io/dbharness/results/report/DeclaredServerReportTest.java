package io.dbharness.results.report;

import io.dbharness.results.DeclaredMetricsTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report's server table and counters chart show what a server's telemetry declared to show, by its labels. */
@Timeout(60)
class DeclaredServerReportTest {

    @Test
    void theReportTabulatesAndChartsTheDeclaredCounters(@TempDir Path dir) throws Exception {
        Report.writeFiles(List.of(DeclaredMetricsTest.withServer(Runs.run("20261201-100000-iot-insert-acme-eeee")
                .target("acme").build(), DeclaredMetricsTest.acme())), dir);
        String md = Files.readString(dir.resolve(Report.MARKDOWN));
        assertTrue(md.contains("| run | server time | looks | transactions done | log bytes | stored at start |"), md);
        assertTrue(md.contains("| 60% latch, 40% running (Acme's session states) | 20 | 1,200 | 3.0 MB |"), md);
        String html = Files.readString(dir.resolve(Report.HTML));
        assertTrue(html.contains("transactions done/s") && html.contains("log MB/s"), "the counters chart");
        assertTrue(html.contains("Server time by wait"), "the wait profile");
    }
}
