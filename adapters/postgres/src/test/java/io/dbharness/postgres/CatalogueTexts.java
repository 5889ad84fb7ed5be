package io.dbharness.postgres;

import io.dbharness.core.api.AnswerDigest;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.QueryShape;
import io.dbharness.core.api.QueryTemplate;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.dialect.StatementTexts;
import io.dbharness.core.query.SqlQuery;
import io.dbharness.core.query.SqlStyle;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.api.QueryCatalogue;
import io.dbharness.iot.Catalogues;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The query catalogue as a product's dialect holds it: each text rendered as the server receives it (the
 * PostgreSQL family binds parameters, so {@code ?} markers), checked for the output columns the catalogue
 * requires, and answers of two runs compared instance by instance. Shared by the PostgreSQL-family products'
 * tests through this module's test-jar.
 */
public final class CatalogueTexts {

    /** Three metric columns; the aggregated metric is {@code c1}, {@code {tags}} names three devices. */
    public static final SeriesSchema SCHEMA = new SeriesSchema("telematics", MetricType.FLOAT8, 3, 998);
    public static final int METRIC = 1;
    public static final int QUERY_TAGS = 3;

    /** {@code ... AS name} or {@code ... AS "name"} at the end of a select-list item. */
    private static final Pattern ALIAS = Pattern.compile("(?is).*\\bAS\\s+(\"?)(\\w+)\\1$");

    private static final SqlStyle STYLE = new SqlStyle() {
        @Override
        public String identifier(String name) {
            return Tables.quote(name);
        }

        @Override
        public boolean bindsParameters() {
            return true;
        }
    };

    private CatalogueTexts() {
    }

    /** The statement as sent: fixed placeholders written in, parameters as bind markers. */
    public static String render(QueryCatalogue.Query q, String template) {
        int tags = q.tags() < 0 ? QUERY_TAGS : Math.max(1, q.tags());
        return SqlQuery.compile(q.name(), QueryTemplate.parse(q.name(), template), new QueryShape(SCHEMA, METRIC, tags), STYLE)
                .text();
    }

    /** Every catalogue query of {@code flavor}, then its query index. */
    public static String renderAll(PgFlavor flavor) {
        return renderQueries(flavor) + renderIndex(flavor);
    }

    /**
     * Every catalogue query of {@code flavor} under {@code -- name: resource}; the catalogue's column check
     * first, so a text that lacks one fails here too.
     */
    public static String renderQueries(PgFlavor flavor) {
        StatementTexts d = flavor.dialect();
        StringBuilder sb = new StringBuilder();
        for (QueryCatalogue.Query q : Catalogues.TELEMATICS.queries()) {
            String template = d.find("query/" + q.name()).orElseThrow(() -> new AssertionError("no text for " + q.name()));
            String sql = render(q, template);
            assertEquals(List.of(), missingColumns(q, sql), q.name() + " from " + d.source("query/" + q.name()));
            sb.append("-- ").append(q.name()).append(": ").append(d.source("query/" + q.name())).append('\n')
                    .append(sql).append(";\n\n");
        }
        return sb.toString();
    }

    /** The query index statement as PgQuery renders it, under {@code -- query_index: resource}. */
    public static String renderIndex(PgFlavor flavor) {
        return "-- query_index: " + flavor.dialect().source("query_index") + "\n"
                + Tables.render(flavor, "query_index", SCHEMA, Map.of("index", Tables.quote(SCHEMA.tableName() + "_tag_ts")))
                + ";\n";
    }

    /** {@code golden/<name>} without its header (the comment block up to the first blank line, naming the sources). */
    /** {@code golden/<name>} beside {@code owner} (the product's test) equals {@code actual} after its header. */
    public static void assertGolden(Class<?> owner, String name, String actual) throws IOException {
        String path = "golden/" + name;
        if (Boolean.getBoolean("dbharness.updateGolden")) { // run from the module directory: rewrite, keeping the header
            java.nio.file.Path file = java.nio.file.Path.of("src/test/resources", owner.getPackageName().replace('.', '/'), path);
            String old = java.nio.file.Files.readString(file);
            java.nio.file.Files.writeString(file, old.substring(0, old.indexOf("\n\n") + 2) + actual);
        }
        try (InputStream in = owner.getResourceAsStream(path)) {
            assertNotNull(in, "missing golden file " + path + "; the texts were:\n" + actual);
            String golden = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(golden.startsWith("--"), path + " starts with a header naming its sources");
            assertEquals(golden.substring(golden.indexOf("\n\n") + 2), actual, path);
        }
    }

    /** The catalogue's columns (and, for whole-row queries, every metric column) the statement does not return. */
    public static List<String> missingColumns(QueryCatalogue.Query q, String sql) {
        List<String> required = new ArrayList<>();
        q.columns().forEach(c -> required.add(c.name()));
        if (q.metrics()) {
            for (int i = 0; i < SCHEMA.columnMetrics(); i++) {
                required.add(SeriesSchema.metricName(i));
            }
        }
        List<String> have = outputColumns(sql);
        return required.stream().filter(c -> !have.contains(c)).toList();
    }

    /**
     * Names of the top-level SELECT list: an alias after AS, else the column a (qualified) reference names.
     * Enough for the catalogue's texts: parentheses (CTE bodies, subqueries, calls) are skipped, quoted
     * identifiers unquoted.
     */
    public static List<String> outputColumns(String sql) {
        List<String> items = new ArrayList<>();
        int depth = 0;
        int listStart = -1;
        StringBuilder item = new StringBuilder();
        for (int i = 0; i < sql.length(); i++) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"') { // copy a quoted string or identifier whole
                int end = sql.indexOf(c, i + 1);
                if (end < 0) {
                    throw new IllegalArgumentException("unbalanced " + c + " in " + sql);
                }
                if (listStart >= 0) {
                    item.append(sql, i, end + 1);
                }
                i = end;
                continue;
            }
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            }
            if (depth == 0 && listStart < 0 && keywordAt(sql, i, "SELECT")) {
                listStart = i + 6;
                i = listStart - 1;
                continue;
            }
            if (listStart >= 0 && depth == 0 && keywordAt(sql, i, "FROM")) {
                break;
            }
            if (listStart >= 0) {
                if (depth == 0 && c == ',') {
                    items.add(item.toString());
                    item.setLength(0);
                } else {
                    item.append(c);
                }
            }
        }
        items.add(item.toString());
        List<String> names = new ArrayList<>();
        for (String raw : items) {
            String s = raw.strip().replaceFirst("(?is)^DISTINCT\\s+ON\\s*\\(.*?\\)\\s*", "").replaceFirst("(?is)^DISTINCT\\s+", "");
            Matcher as = ALIAS.matcher(s);
            String name = as.matches() ? as.group(2) : s.substring(s.lastIndexOf('.') + 1);
            names.add(name.replace("\"", "").toLowerCase(Locale.ROOT));
        }
        return names;
    }

    private static boolean keywordAt(String sql, int i, String word) {
        int end = i + word.length();
        return sql.regionMatches(true, i, word, 0, word.length())
                && (i == 0 || !Character.isLetterOrDigit(sql.charAt(i - 1)) && sql.charAt(i - 1) != '_')
                && (end == sql.length() || !Character.isLetterOrDigit(sql.charAt(end)) && sql.charAt(end) != '_');
    }

    /**
     * iot-query as {@code target} on the shared embedded PostgreSQL (a product target runs there as a compatible
     * server), into {@code table}, without the machine's PG variables; the test adds its data flags.
     */
    public static io.dbharness.core.engine.RunSpec.Builder onEmbeddedPostgres(String target, String table)
            throws io.dbharness.core.api.TargetException {
        return onEmbeddedPostgres(target).option("table-name", table);
    }

    /** The same, for a model that names its tables itself. */
    public static io.dbharness.core.engine.RunSpec.Builder onEmbeddedPostgres(String target)
            throws io.dbharness.core.api.TargetException {
        io.dbharness.core.engine.RunSpec.Builder b = io.dbharness.core.engine.RunSpec.builder().target(target)
                .workload("iot-query").option("url", EmbeddedPostgres.shared().url()).option("user", "postgres")
                .option("no-watch", true).environment(Map.of());
        return target.equals("postgres") ? b : b.option("allow-compatible-server", true);
    }

    /**
     * The other data models' catalogues as {@code target} runs them on the embedded PostgreSQL answer as the
     * plain {@code postgres} target does: TSBS's devops queries (every one, 150 instances, over the full use
     * case's nine tables, which the load creates in the product's DDL and --verify counts), MaibornWolff's
     * events queries (50) and TSBS's iot queries over the trucks' two tables (130), each target loading its own
     * tables with the same flags.
     */
    public static void assertModelsAnswerAsPostgres(String target) throws Exception {
        Map<String, Map<String, Object>> models = Map.of(
                "devops", Map.of("generator", "devops", "use-case", "devops", "scale", 10, "log-interval", "60s",
                        "ts-end", "2016-01-01 13:00:00", "query-count", 150, "verify", true),
                "events", Map.of("generator", "events", "primary-key", "none", "devices", 4, "num-inserts", 300,
                        "query-count", 50),
                "trucks", Map.of("generator", "trucks", "scale", 8, "log-interval", "60s", "ts-end", "2016-01-03 00:00:00",
                        "query-count", 130));
        for (Map.Entry<String, Map<String, Object>> m : models.entrySet()) {
            // the devops use case and the trucks name their tables themselves: the two runs load them in turn, each
            // answering first
            boolean named = !m.getKey().equals("events");
            io.dbharness.core.engine.RunSpec.Builder mine = named ? onEmbeddedPostgres(target)
                    : onEmbeddedPostgres(target, target + "_" + m.getKey());
            io.dbharness.core.engine.RunSpec.Builder theirs = named ? onEmbeddedPostgres("postgres")
                    : onEmbeddedPostgres("postgres", target + "_" + m.getKey() + "_pg");
            for (io.dbharness.core.engine.RunSpec.Builder b : List.of(mine, theirs)) {
                b.option("load", true).option("clean", true);
                m.getValue().forEach(b::option);
            }
            RunResult got = ok(io.dbharness.core.engine.Harness.run(mine.build()));
            RunResult want = ok(io.dbharness.core.engine.Harness.run(theirs.build()));
            assertEquals(((Number) m.getValue().get("query-count")).intValue(), got.answers().size(), m.getKey());
            assertSameAnswers(want, got);
        }
    }

    /** The run ended cleanly: no failure, no errors, exit 0. */
    public static RunResult ok(RunResult r) {
        org.junit.jupiter.api.Assertions.assertNull(r.failure(), r.target() + ": " + r.failure());
        assertEquals(0, r.totals().counts().errors(), r.target() + ": " + r.errors());
        assertEquals(0, r.exitCode(), r.target());
        return r;
    }

    /**
     * Asserts both runs answered the same instances with the same normalised rows (digests), naming the first
     * instances that differ with their parameters and values.
     */
    public static void assertSameAnswers(RunResult expected, RunResult actual) {
        Map<String, AnswerDigest> want = byInstance(expected);
        Map<String, AnswerDigest> got = byInstance(actual);
        assertEquals(want.keySet(), got.keySet(), "the same query instances ran");
        List<String> differ = new ArrayList<>();
        for (Map.Entry<String, AnswerDigest> e : want.entrySet()) {
            AnswerDigest g = got.get(e.getKey());
            if (!e.getValue().digest().equals(g.digest())) {
                differ.add(e.getKey() + " (" + g.parameters() + "): " + expected.target() + " " + e.getValue().rows()
                        + " rows " + e.getValue().values() + ", " + actual.target() + " " + g.rows() + " rows " + g.values());
            }
        }
        assertEquals(List.of(), differ.subList(0, Math.min(3, differ.size())), differ.size() + " answers differ, the first shown");
    }

    private static Map<String, AnswerDigest> byInstance(RunResult r) {
        Map<String, AnswerDigest> m = new TreeMap<>();
        r.answers().forEach(a -> m.put(a.query() + " #" + a.instance(), a));
        return m;
    }
}
