package io.dbharness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.MetricsPush;
import io.dbharness.core.result.RunResult;
import io.dbharness.influx.InfluxServer;
import io.dbharness.results.ResultFiles;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --metrics-push} into a real influxd (Debian's, as the influx target's tests start it): the points pushed
 * are the run's intervals, and a server that stops answering mid-run costs the run nothing but a counted failure.
 */
@Tag("server")
@Timeout(300)
class MetricsPushTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void thePushedRowsAreTheRunsIntervalsAndTheirSumItsRows() throws Exception {
        try (InfluxServer influx = InfluxServer.start(false)) {
            influx.query("CREATE DATABASE live", true);
            // paced below what noop takes, so the run lasts its 3 s however fast the machine (unpaced, the data's
            // 1.5 M rows could end in under two intervals)
            CliRun run = CliRun.of("--target", "noop", "--workload", "iot-insert", "--duration", "3s", "--rate", "200000",
                    "--watch-interval", "500ms", "--no-watch", "--results", tmp.toString(),
                    "--metrics-push", influx.url() + "/write?db=live");
            assertEquals(0, run.exitCode(), run.err());
            assertFalse(run.err().contains("metrics-push"), "no push failed: " + run.err());
            RunResult r = ResultFiles.read(resultFile(run));
            MetricsPush push = r.metricsPush();
            assertNotNull(push, "the result says what the push did");
            assertEquals(0, push.failedPushes(), push.toString());
            assertEquals(0, push.unsentPoints(), push.toString());

            // the rows at each push, all series of the run summed: each a sum of the result's first intervals
            List<Long> pushed = totalsByTime(influx, "SELECT \"value\" FROM \"dbharness_rows_total\" WHERE \"run_id\" = '"
                    + r.runId() + "' GROUP BY *");
            Set<Long> prefixSums = new HashSet<>();
            long sum = 0;
            for (IntervalSample i : r.intervals()) {
                sum += i.rows();
                prefixSums.add(sum);
            }
            assertEquals(r.totals().counts().rows(), sum, "the intervals sum to the result's rows");
            assertTrue(pushed.size() >= 3, "a point at each of the run's intervals: " + pushed);
            assertEquals(r.totals().counts().rows(), pushed.get(pushed.size() - 1), "the last push holds the run's rows");
            for (int i = 0; i < pushed.size(); i++) {
                assertTrue(prefixSums.contains(pushed.get(i)), "push " + i + " holds " + pushed.get(i)
                        + " rows, not a sum of the first intervals " + prefixSums);
                assertTrue(i == 0 || pushed.get(i) >= pushed.get(i - 1), "a counter never falls: " + pushed);
            }
            // the events: the measured stage began, under the run's id
            String events = influx.query("SELECT \"text\" FROM \"live\".\"autogen\".\"dbharness_events\" WHERE"
                    + " \"run_id\" = '" + r.runId() + "' AND \"name\" = 'measure'", false);
            assertTrue(events.contains("\"values\""), events);
        }
    }

    @Test
    void aServerFrozenMidRunIsCountedAndSaidOnceAndTheRunCompletes() throws Exception {
        try (InfluxServer influx = InfluxServer.start(false)) {
            influx.query("CREATE DATABASE live", true);
            CompletableFuture<CliRun> running = CompletableFuture.supplyAsync(() -> CliRun.of("--target", "noop",
                    "--workload", "iot-insert", "--duration", "20s", "--rate", "100000", "--watch-interval", "500ms", "--no-watch",
                    "--results", tmp.toString(), "--metrics-push", influx.url() + "/write?db=live"));
            // points of a second push arrived, so the first had its answer (one push at a time): the server has
            // answered, then stops answering (SIGSTOP). A point seen is not yet an answer received: frozen between
            // the two, the first push failed too (CI, a loaded machine).
            long first = 0;
            for (long seen; (seen = pointsOf(influx, "dbharness_elapsed_seconds")) == 0 || first == 0 || seen == first; ) {
                first = first == 0 ? seen : first;
                assertFalse(running.isDone(), "the run ended before a second push was seen: " + running.getNow(null));
                Thread.sleep(20);
            }
            influx.freeze();
            CliRun run;
            try {
                run = running.join();
            } finally {
                influx.thaw();
            }
            assertFalse(run.err().isEmpty() && run.exitCode() != 0, run.err());
            assertEquals(0, run.exitCode(), run.err());
            List<String> said = run.err().lines().filter(l -> l.contains("--metrics-push")).toList();
            assertEquals(1, said.size(), run.err());
            assertTrue(said.get(0).startsWith("warning: --metrics-push " + influx.url() + "/write?db=live failed (no"
                    + " answer within 5 s)"), said.get(0));
            RunResult r = ResultFiles.read(resultFile(run));
            MetricsPush push = r.metricsPush();
            assertTrue(push.failedPushes() >= 1, push.toString());
            assertTrue(push.sentPoints() > 0, push.toString());
            assertTrue(push.unsentPoints() > 0, "the points of the failed pushes were not sent: " + push);
            assertTrue(run.out().contains("metrics push"), "the summary says so: " + run.out());
        }
    }

    private static long pointsOf(InfluxServer influx, String measurement) throws Exception {
        Matcher m = Pattern.compile("\"values\":\\[\\[[^,]*,(\\d+)\\]").matcher(influx.query("SELECT count(\"value\") FROM"
                + " \"live\".\"autogen\".\"" + measurement + "\"", false));
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    static Path resultFile(CliRun run) {
        Matcher m = Pattern.compile("(?m)^result: (.+)$").matcher(run.out());
        assertTrue(m.find(), run.out());
        return Path.of(m.group(1).strip());
    }

    /** The query's values summed over its series at each time, in time order. */
    private static List<Long> totalsByTime(InfluxServer influx, String query) throws Exception {
        String q = java.net.URLEncoder.encode(query, java.nio.charset.StandardCharsets.UTF_8);
        String answer = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                java.net.URI.create(influx.url() + "/query?db=live&epoch=ms&q=" + q)).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString()).body();
        Map<Long, Long> byTime = new TreeMap<>();
        for (JsonNode series : JSON.readTree(answer).path("results").path(0).path("series")) {
            for (JsonNode v : series.path("values")) {
                byTime.merge(v.get(0).asLong(), v.get(1).asLong(), Long::sum);
            }
        }
        return new ArrayList<>(byTime.values());
    }
}
