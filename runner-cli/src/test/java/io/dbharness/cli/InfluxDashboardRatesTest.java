package io.dbharness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbharness.influx.InfluxServer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The InfluxDB dashboard's counter panels show the rate per second of the counter, summed over every series as
 * Prometheus' {@code sum(rate(...))} does: counters of known growth (two shards and two operation types of one run,
 * 100/s and 200/s per shard, 600/s in all) written into a real influxd, each panel's query returns 600/s in all at
 * every second but the first (which has no previous value).
 */
@Tag("server")
@Timeout(120)
class InfluxDashboardRatesTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern MEASUREMENT = Pattern.compile("FROM \"(dbharness_[a-z_]+_total)\"");
    private static final int SECONDS = 10;

    @Test
    void everyCounterPanelShowsTheSumOfItsSeriesRatesPerSecond() throws Exception {
        JsonNode dashboard = JSON.readTree(DashboardFiguresTest.DASHBOARDS.resolve("dbharness-influxdb.json").toFile());
        List<String> rateQueries = DashboardFiguresTest.queries(dashboard, "query").stream()
                // the server counters' panel (FROM a regex) shows each figure's own rate, not a sum:
                // DashboardFiguresTest runs it on a real run's pushed points
                .filter(q -> q.contains("derivative") && !q.contains("FROM /")).toList();
        assertFalse(rateQueries.isEmpty());
        long start = System.currentTimeMillis() / 1000 - 60; // whole seconds: one point per series in each 1s bucket
        try (InfluxServer influx = InfluxServer.start(false)) {
            influx.query("CREATE DATABASE rates", true);
            for (String q : rateQueries) {
                Matcher m = MEASUREMENT.matcher(q);
                if (!m.find()) {
                    throw new AssertionError("no measurement in " + q);
                }
                write(influx, points(m.group(1), start));
                Map<Long, Double> total = totals(influx, DashboardFiguresTest.fill(q));
                Map<Long, Double> expected = new TreeMap<>();
                for (int i = 1; i < SECONDS; i++) {
                    expected.put((start + i) * 1000, 600.0);
                }
                assertEquals(expected, total, q);
            }
        }
    }

    /** One run's counter over {@link #SECONDS} seconds: shard 0 grows 100/s, shard 1 200/s, for two types each. */
    private static String points(String measurement, long start) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < SECONDS; i++) {
            for (int shard = 0; shard < 2; shard++) {
                for (String type : List.of("insert", "query")) {
                    b.append(measurement).append(",group=g1,operation_type=").append(type).append(",run_id=r1,shard=")
                            .append(shard).append(" value=").append(1000 + i * 100 * (shard + 1)).append(' ')
                            .append(start + i).append('\n');
                }
            }
        }
        return b.toString();
    }

    private static void write(InfluxServer influx, String lines) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(influx.url() + "/write?db=rates&precision=s"))
                .POST(HttpRequest.BodyPublishers.ofString(lines)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(204, r.statusCode(), r.body());
    }

    /** The query's values at each time (epoch ms), summed over the series it returns. */
    private static Map<Long, Double> totals(InfluxServer influx, String influxql) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(influx.url() + "/query?db=rates&epoch=ms&q="
                + URLEncoder.encode(influxql, StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());
        Map<Long, Double> total = new TreeMap<>();
        List<String> seen = new ArrayList<>();
        for (JsonNode series : JSON.readTree(r.body()).path("results").path(0).path("series")) {
            seen.add(series.path("tags").toString());
            for (JsonNode v : series.get("values")) {
                total.merge(v.get(0).asLong(), v.get(1).asDouble(), Double::sum);
            }
        }
        assertFalse(seen.isEmpty(), influxql + " -> " + r.body());
        return total;
    }
}
