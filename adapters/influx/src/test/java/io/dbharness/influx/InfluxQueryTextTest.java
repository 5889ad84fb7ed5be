package io.dbharness.influx;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.QueryParams;
import io.dbharness.core.api.QueryShape;
import io.dbharness.core.api.QueryTemplate;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.api.QueryCatalogue;
import io.dbharness.iot.Catalogues;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The texts without a server: how each language writes the placeholders, that every catalogue query has a
 * text in both, and the Flux texts as sent, against golden files (no InfluxDB 2 runs here; see
 * {@link InfluxV2ServerTest} for a real one). {@code -Ddbharness.updateGolden=true} rewrites the golden files
 * from the current texts, for review in the diff.
 */
class InfluxQueryTextTest {

    private static final long START = 1_650_272_400_000_000L; // 2022-04-18 09:00:00 UTC
    private static final long END = START + 3_600_000_001L;
    private static final Path GOLDEN = Path.of("src/test/resources/io/dbharness/influx/flux-golden");

    private static final String ALL = "{table} {metric} {metrics} {tag} {tags} {start} {end} {threshold}";

    private static QueryShape shape(String table, MetricType type) {
        return new QueryShape(new SeriesSchema(table, type, 3, 998), 1, 3);
    }

    private static QueryParams params() {
        return new QueryParams(17, new long[] {1, 2, 3}, START, END, 900.0);
    }

    private static String render(InfluxLanguage language, String table, String template, MetricType type) {
        return InfluxStatement.compile("q", QueryTemplate.parse("q", template), shape("m", type), language, table)
                .statement(params());
    }

    @Test
    void influxQlWritesIdentifiersQuotedTagsAsStringsAndARegularExpression() {
        assertEquals("\"m\" \"c1\" \"c0\", \"c1\", \"c2\" '17' /^(1|2|3)$/ '2022-04-18T09:00:00Z' "
                        + "'2022-04-18T10:00:00.000001Z' 900.0",
                render(InfluxLanguage.INFLUXQL, InfluxQl.from("", "m"), ALL, MetricType.FLOAT8));
        assertEquals("\"autogen\".\"m\"", InfluxQl.from("autogen", "m"), "a retention policy names the measurement's");
        assertEquals("\"a\\\"b\\\\c\"", InfluxLanguage.INFLUXQL.name("a\"b\\c"));
    }

    @Test
    void fluxWritesStringLiteralsAnArrayOfTagsAndTimeLiterals() {
        assertEquals("\"m\" \"c1\" \"c0\", \"c1\", \"c2\" \"17\" [\"1\", \"2\", \"3\"] 2022-04-18T09:00:00Z "
                        + "2022-04-18T10:00:00.000001Z 900.0",
                render(InfluxLanguage.FLUX, InfluxLanguage.FLUX.name("m"), ALL, MetricType.FLOAT8));
        assertEquals("\"a\\\"b\\\\c\\${x}\"", InfluxLanguage.fluxString("a\"b\\c${x}"), "no interpolation");
        // {choice}, a tag value (TSBS's fleet), is a string in both languages
        QueryParams fleet = new QueryParams(1, new long[] {1}, START, END, 0, new String[] {"1", "1"}, "O'Brien");
        assertEquals("'O\\'Brien'", InfluxStatement.compile("q", QueryTemplate.parse("q", "{choice}"), shape("m",
                MetricType.FLOAT8), InfluxLanguage.INFLUXQL, "m").statement(fleet));
        assertEquals("\"O'Brien\"", InfluxStatement.compile("q", QueryTemplate.parse("q", "{choice}"), shape("m",
                MetricType.FLOAT8), InfluxLanguage.FLUX, "m").statement(fleet));
        // a record's braces are text, not placeholders
        assertEquals("map(fn: (r) => ({ r with v: 1 }))", render(InfluxLanguage.FLUX, "", "map(fn: (r) => ({ r with v: 1 }))",
                MetricType.FLOAT8));
    }

    @Test
    void thresholdsAreIntegersForIntegerMetricsAndDecimalsOtherwise() {
        assertEquals("90000", InfluxLanguage.threshold(90_000, MetricType.INT4));
        assertEquals("900000000000", InfluxLanguage.threshold(900_000_000_000L, MetricType.INT8));
        assertEquals("900.0", InfluxLanguage.threshold(900, MetricType.FLOAT4));
        assertEquals("100000000000000000000.0", InfluxLanguage.threshold(1e20, MetricType.FLOAT8), "never 1.0E20");
        assertEquals("900 900.0", render(InfluxLanguage.FLUX, "", "{threshold}", MetricType.INT8) + " "
                + render(InfluxLanguage.FLUX, "", "{threshold}", MetricType.FLOAT8), "the metric's type picks the form");
    }

    @Test
    void theBucketIsDefinedAfterTheImports() {
        assertEquals("bucket = \"b\"\nfrom(bucket: bucket)", InfluxQueryLanguage.defineAfterImports("from(bucket: bucket)", "bucket = \"b\""));
        assertEquals("// why\nimport \"join\"\nimport \"array\"\nbucket = \"b\"\n\ndata = 1",
                InfluxQueryLanguage.defineAfterImports("// why\nimport \"join\"\nimport \"array\"\n\ndata = 1", "bucket = \"b\""));
        assertEquals("import \"join\"\nbucket = \"b\"\n", InfluxQueryLanguage.defineAfterImports("import \"join\"", "bucket = \"b\""));
    }

    @Test
    void everyCatalogueQueryHasATextInBothLanguagesCitingItsDocs() throws IOException {
        for (QueryCatalogue.Query q : Catalogues.TELEMATICS.queries()) {
            for (InfluxLanguage l : InfluxLanguage.values()) {
                String resource = "io/dbharness/influx/" + l.id() + "/" + q.name() + "." + l.id();
                String raw;
                try (InputStream in = getClass().getClassLoader().getResourceAsStream(resource)) {
                    assertTrue(in != null, "no " + resource);
                    raw = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
                assertTrue(raw.startsWith("-- https://docs.influxdata.com/"), resource + " cites no doc page");
                String text = l.catalogueText("telematics", q.name()).orElseThrow();
                assertTrue(!text.startsWith("--"), "the citation is not sent");
                QueryTemplate t = QueryTemplate.parse(resource, text);
                assertEquals(q.tags() == 1, t.uses("tag"), resource + ": {tag}");
                assertEquals(q.tags() > 1 || q.tags() < 0, t.uses("tags"), resource + ": {tags}");
                assertEquals(q.window().isPresent(), t.uses("start") && t.uses("end"), resource + ": window");
                assertEquals(q.threshold(), t.uses("threshold"), resource + ": {threshold}");
                if (l == InfluxLanguage.FLUX) {
                    assertEquals(q.metrics(), text.contains("pivot(rowKey: [\"_time\"], columnKey: [\"_field\"], valueColumn: \"_value\")"),
                            resource + ": whole rows come from pivot");
                    assertEquals(text.split("aggregateWindow\\(", -1).length,
                            text.split("createEmpty: false, timeSrc: \"_start\"\\)", -1).length,
                            resource + ": every window is stamped with its start, and empty ones are left out");
                }
            }
        }
    }

    /** The Flux of every catalogue query as the v2 reader sends it, for the same shape and parameters. */
    @Test
    void fluxTextsMatchTheirGoldenFiles() throws Exception {
        Map<String, String> options = new HashMap<>();
        options.put("influx-url", "http://localhost:8086");
        options.put("influx-api", "v2");
        options.put("org", "acme");
        options.put("bucket", "bench");
        List<OptionDef> defs = new ArrayList<>(RunOptions.OPTIONS);
        defs.addAll(new InfluxTargetProvider().options());
        InfluxConfig config = InfluxConfig.from(Settings.resolve(defs, options, Map.of())).requireV2();
        io.dbharness.core.api.QueryLanguage flux = new InfluxQueryLanguage(config, InfluxLanguage.FLUX);
        assertEquals(List.of("flux"), flux.languages());
        boolean update = Boolean.getBoolean("dbharness.updateGolden");
        for (QueryCatalogue.Query q : Catalogues.TELEMATICS.queries()) {
            QueryShape shape = new QueryShape(new SeriesSchema("telematics", MetricType.FLOAT8, 5, 998), 3,
                    q.tags() == 8 ? 8 : 3);
            QueryParams p = new QueryParams(17, q.tags() == 8 ? new long[] {1, 2, 3, 4, 5, 6, 7, 8} : new long[] {1, 2, 3},
                    START, START + 3_600_000_000L, 900.0);
            String text = ((InfluxStatement) flux.compile(q.name(), QueryTemplate.parse(q.name(),
                    flux.catalogueTemplate(q.name()).orElseThrow()), shape)).statement(p) + "\n";
            Path golden = GOLDEN.resolve(q.name() + ".flux");
            if (update) {
                Files.createDirectories(GOLDEN);
                Files.writeString(golden, text);
            }
            assertEquals(Files.readString(golden), text, q.name());
        }
    }
}
