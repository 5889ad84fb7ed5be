package io.dbharness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbharness.influx.InfluxServer;
import io.dbharness.postgres.EmbeddedPostgres;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every query of the Grafana dashboards in deploy/grafana finds the figures it asks for in a real run: one run into
 * the embedded PostgreSQL (server telemetry) with a server host (Debian's node_exporter), scraped by a real
 * Prometheus ({@code --metrics-listen}) and pushed into a real influxd ({@code --metrics-push}); each panel's,
 * variable's and annotation's query, its Grafana variables filled in, returns data from its source.
 */
@Tag("server")
@Timeout(300)
class DashboardFiguresTest {

    static final Path DASHBOARDS = Path.of("../deploy/grafana"); // the module's basedir is runner-cli/
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final EmbeddedPostgres pg = new EmbeddedPostgres();

    @Test
    void everyPanelsQueryFindsItsFiguresInARealRunsScrapeAndPush(@TempDir Path tmp) throws Exception {
        Assumptions.assumeTrue(PrometheusServer.installed(),
                "prometheus is not installed (apt-get install prometheus; CI installs it)");
        int metricsPort = PrometheusServer.freePort();
        try (PrometheusServer prometheus = PrometheusServer.start(tmp, metricsPort);
             InfluxServer influx = InfluxServer.start(false); NodeExporter host = NodeExporter.start()) {
            String api = prometheus.api();
            influx.query("CREATE DATABASE live", true);
            CliRun run = CliRun.of("--url", pg.url(), "--user", "postgres", "--table-name", "dashboard_run", "--clean",
                    "--tag-num", "20", "--ts-end", "2022-04-19 00:00:00", "--rate", "2000", "--duration", "6s",
                    "--watch-interval", "1s", "--no-watch",
                    "--server-hosts", host.url(), "--results", tmp.resolve("results").toString(),
                    "--metrics-listen", "127.0.0.1:" + metricsPort, "--metrics-push", influx.url() + "/write?db=live");
            assertEquals(0, run.exitCode(), run.err());

            List<String> empty = new ArrayList<>();
            JsonNode prom = JSON.readTree(DASHBOARDS.resolve("dbharness-prometheus.json").toFile());
            for (String q : queries(prom, "expr")) {
                String found = promSeries(api, fill(q));
                if (!found.isEmpty()) {
                    empty.add("Prometheus: " + q + " -> " + found);
                }
            }
            String variable = prom.at("/templating/list/1/query").asText(); // label_values(METRIC, run_id)
            String metric = variable.substring(variable.indexOf('(') + 1, variable.indexOf(','));
            if (!promSeries(api, metric).isEmpty()) {
                empty.add("Prometheus variable: " + variable + " -> " + promSeries(api, metric));
            }
            JsonNode influxDashboard = JSON.readTree(DASHBOARDS.resolve("dbharness-influxdb.json").toFile());
            List<String> influxQueries = queries(influxDashboard, "query");
            influxQueries.add(influxDashboard.at("/templating/list/1/query").asText());
            for (String q : influxQueries) {
                String found = influxSeries(influx, fill(q));
                if (!found.isEmpty()) {
                    empty.add("InfluxDB: " + q + " -> " + found);
                }
            }
            assertEquals(List.of(), empty, "queries that found nothing; the run said: " + run.err() + run.out());
        }
    }

    /** The queries in every {@code field} of the dashboard: panels' targets and annotations. */
    static List<String> queries(JsonNode dashboard, String field) {
        List<String> out = new ArrayList<>();
        for (JsonNode p : dashboard.get("panels")) {
            p.get("targets").forEach(t -> out.add(t.get(field).asText()));
        }
        for (JsonNode a : dashboard.at("/annotations/list")) {
            JsonNode q = a.has(field) ? a.get(field) : a.path("target").path(field);
            out.add(q.asText());
        }
        assertTrue(out.stream().noneMatch(String::isBlank), out.toString());
        return out;
    }

    /** Grafana's variables as a dashboard over the last hour, every run selected, would fill them in. */
    static String fill(String query) {
        return query.replace("$__rate_interval", "1m").replace("$__interval", "1s")
                .replace("$timeFilter", "time > now() - 1h").replace("$run_id", ".+");
    }

    /** Empty when the query returns data over the last 5 minutes (as a panel's range query), else what it returned. */
    private static String promSeries(String api, String promql) throws Exception {
        long now = System.currentTimeMillis() / 1000;
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(api + "/api/v1/query_range?start="
                + (now - 300) + "&end=" + now + "&step=1&query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8)))
                .build(), HttpResponse.BodyHandlers.ofString());
        JsonNode body = JSON.readTree(r.body());
        return "success".equals(body.path("status").asText()) && body.path("data").path("result").size() > 0 ? ""
                : r.body();
    }

    /** Empty when the query returns data, else what it returned. */
    private static String influxSeries(InfluxServer influx, String influxql) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(influx.url() + "/query?db=live&q="
                + URLEncoder.encode(influxql, StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());
        JsonNode result = JSON.readTree(r.body()).path("results").path(0);
        return !result.has("error") && result.path("series").size() > 0 ? "" : r.body();
    }
}
