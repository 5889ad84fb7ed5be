package io.dbharness.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The dashboards in deploy/grafana are valid for Grafana's published dashboard schema (Grafana itself is not in
 * Debian), and the two say the same: the same panels in the same places, each querying its own data source. That
 * each figure they query exists in a real run's scrape and pushed points is runner-cli's DashboardFiguresTest.
 */
@Timeout(60)
class GrafanaDashboardsTest {

    static final Path DIR = Path.of("grafana");
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyDashboardIsValidForGrafanasSchema() throws IOException {
        List<Path> files = dashboards();
        assertEquals(List.of("dbharness-influxdb.json", "dbharness-prometheus.json"),
                files.stream().map(p -> p.getFileName().toString()).sorted().toList());
        for (Path f : files) {
            assertEquals(List.of(), errors(JSON.readTree(f.toFile())), f.toString());
        }
    }

    @Test
    void theCheckRefusesWhatGrafanaWouldNot() throws IOException {
        ObjectNode d = (ObjectNode) JSON.readTree(DIR.resolve("dbharness-prometheus.json").toFile());
        ((ObjectNode) d.get("panels").get(0)).put("titel", "misspelt");
        ((ObjectNode) d.get("panels").get(1).get("gridPos")).put("w", 30);
        d.remove("templating");
        String errors = String.join("\n", errors(d));
        assertTrue(errors.contains("/panels/0: property 'titel' is not defined"), errors);
        assertTrue(errors.contains("/panels/1/gridPos/w: must have a maximum value of 24"), errors);
        assertTrue(errors.contains("required property 'templating' not found"), errors);
    }

    @Test
    void bothDashboardsShowTheSamePanelsEachOverItsOwnDataSource() throws IOException {
        JsonNode prometheus = JSON.readTree(DIR.resolve("dbharness-prometheus.json").toFile());
        JsonNode influx = JSON.readTree(DIR.resolve("dbharness-influxdb.json").toFile());
        assertEquals(titles(prometheus), titles(influx));
        check(prometheus, "prometheus", "expr");
        check(influx, "influxdb", "query");
        assertFalse(prometheus.get("annotations").get("list").isEmpty(), "the events mark the time axis");
        assertFalse(influx.get("annotations").get("list").isEmpty(), "the events mark the time axis");
    }

    private static void check(JsonNode dashboard, String type, String queryField) {
        Set<Integer> ids = new HashSet<>();
        for (JsonNode p : dashboard.get("panels")) {
            assertTrue(ids.add(p.get("id").asInt()), "panel ids are unique: " + p.get("id"));
            assertEquals(type, p.get("datasource").get("type").asText(), p.get("title").asText());
            assertFalse(p.get("targets").isEmpty(), p.get("title").asText());
            for (JsonNode t : p.get("targets")) {
                assertFalse(t.path(queryField).asText().isBlank(), p.get("title").asText() + ": " + t);
            }
        }
    }

    private static List<String> titles(JsonNode dashboard) {
        List<String> out = new ArrayList<>();
        dashboard.get("panels").forEach(p -> out.add(p.get("title").asText() + " @" + p.get("gridPos")));
        return out;
    }

    static List<Path> dashboards() throws IOException {
        try (Stream<Path> s = Files.list(DIR)) {
            return s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }

    private static List<String> errors(JsonNode dashboard) throws IOException {
        try (InputStream in = GrafanaDashboardsTest.class.getResourceAsStream("/grafana/dashboard.jsonschema.json")) {
            Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7).getSchema(JSON.readTree(in));
            return schema.validate(dashboard).stream().map(Object::toString).toList();
        }
    }
}
