package io.dbharness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;
import io.dbharness.live.LiveFigures;
import io.dbharness.results.ResultFiles;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --metrics-listen} scraped by a real Prometheus (Debian's {@code prometheus}, started here on loopback every
 * second): what it saw at the end is the result file's rows, and its p99 from the histogram is the result's within
 * the bucket holding it.
 */
@Tag("server")
@Timeout(180)
class MetricsListenPrometheusTest {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void prometheusSeesTheResultsRowsAndP99(@TempDir Path tmp) throws Exception {
        Assumptions.assumeTrue(PrometheusServer.installed(), PrometheusServer.BINARY + " is not installed (apt-get"
                + " install prometheus; CI installs it)");
        int metricsPort = PrometheusServer.freePort();
        try (PrometheusServer prometheus = PrometheusServer.start(tmp, metricsPort)) {
            String api = prometheus.api();
            // paced: the run lasts its 4 s (several scrapes) however fast the machine
            CliRun run = CliRun.of("--target", "noop", "--workload", "iot-insert", "--duration", "4s", "--rate", "300000",
                    "--watch-interval", "1s", "--metrics-listen", "127.0.0.1:" + metricsPort,
                    "--results", tmp.resolve("results").toString());
            assertEquals(0, run.exitCode(), run.err());
            assertTrue(run.err().contains("metrics: http://127.0.0.1:" + metricsPort + "/metrics"), run.err());
            Matcher m = Pattern.compile("result: (\\S+)").matcher(run.out());
            assertTrue(m.find(), run.out());
            RunResult result = ResultFiles.read(Path.of(m.group(1)));

            String runId = "{run_id=\"" + result.runId() + "\"}";
            assertEquals(result.totals().counts().rows(), (long) query(api, "sum(last_over_time(dbharness_rows_total"
                    + runId + "[10m]))"), "rows Prometheus saw at the end");
            assertEquals(result.totals().counts().operations(), (long) query(api,
                    "sum(last_over_time(dbharness_operations_total" + runId + "[10m]))"));
            assertEquals(result.totals().counts().bytes(), (long) query(api,
                    "sum(last_over_time(dbharness_bytes_total" + runId + "[10m]))"));

            assertEquals(1, result.operations().size(), "iot-insert runs one operation type");
            OperationStats write = result.operations().get(0);
            double p99 = query(api, "histogram_quantile(0.99, sum by (le) (last_over_time("
                    + "dbharness_operation_duration_seconds_bucket{run_id=\"" + result.runId()
                    + "\",operation_type=\"" + write.type() + "\"}[10m])))");
            double[] bounds = LiveFigures.BUCKETS;
            double truth = write.p99Millis() / 1000;
            int i = 0;
            while (bounds[i] < truth) {
                i++;
            }
            double low = i == 0 ? 0 : bounds[i - 1];
            assertTrue(p99 >= low && p99 <= bounds[i], "p99 " + p99 + " s from Prometheus, the result's " + truth
                    + " s lies in the bucket (" + low + ", " + bounds[i] + "]; buckets " + Arrays.toString(bounds));
            assertEquals(1, query(api, "count(last_over_time(dbharness_events_total{run_id=\"" + result.runId()
                    + "\",kind=\"stage\",name=\"measure\"}[10m]))"), "the measured stage as an event");
        }
    }

    /** An instant query's single value. */
    private static double query(String api, String promql) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(api + "/api/v1/query?query="
                + URLEncoder.encode(promql, StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());
        JsonNode result = new ObjectMapper().readTree(r.body()).path("data").path("result");
        assertEquals(1, result.size(), promql + " -> " + r.body());
        return Double.parseDouble(result.get(0).path("value").get(1).asText());
    }
}
