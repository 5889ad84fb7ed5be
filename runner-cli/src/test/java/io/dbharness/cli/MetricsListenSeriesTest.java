package io.dbharness.cli;

import io.dbharness.core.result.RunResult;
import io.dbharness.results.ResultFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A sweep's runs on one endpoint: each run's series under its run id and its point as the step, the rows of each
 * equal to its result file's, read from the last scrape (a scraper of our own, asking until the command is over).
 */
@Timeout(120)
class MetricsListenSeriesTest {

    private static final Pattern ROWS = Pattern.compile(
            "dbharness_rows_total\\{[^}]*run_id=\"([^\"]+)\"[^}]*step=\"([^\"]*)\"[^}]*} (\\S+)");

    @Test
    void oneEndpointServesEverySweepPointLabelledByItsStep(@TempDir Path tmp) throws Exception {
        int port = PrometheusServer.freePort();
        HttpClient http = HttpClient.newHttpClient();
        AtomicReference<String> last = new AtomicReference<>("");
        CompletableFuture<CliRun> sweep = CompletableFuture.supplyAsync(() -> CliRun.of("sweep", "--target", "noop",
                "--tag-num", "100", "--vary", "workers=1,2", "--watch-interval", "250ms",
                "--metrics-listen", "127.0.0.1:" + port, "--results", tmp.toString()));
        while (!sweep.isDone()) {
            try {
                last.set(http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
                        HttpResponse.BodyHandlers.ofString()).body());
            } catch (java.io.IOException notListening) {
                // before it listens, or after it closed
            }
            Thread.sleep(100);
        }
        CliRun run = sweep.get();
        assertEquals(0, run.exitCode(), run.err());
        List<Path> files;
        try (var s = Files.list(tmp)) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertEquals(2, files.size(), files.toString());
        String scrape = last.get();
        for (Path f : files) {
            RunResult r = ResultFiles.read(f);
            long seen = 0;
            String step = null;
            Matcher m = ROWS.matcher(scrape);
            while (m.find()) {
                if (m.group(1).equals(r.runId())) {
                    seen += (long) Double.parseDouble(m.group(3));
                    step = m.group(2);
                }
            }
            assertEquals(r.totals().counts().rows(), seen, r.runId() + " in\n" + scrape);
            assertEquals(r.options().get("workers"), step, "the point's number is its step (workers=1 the first)");
        }
        assertTrue(scrape.contains("kind=\"step\""), "the points marked as events");
    }
}
