package io.dbharness.tpcc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The schema scripts each product runs, as {@link TpccSql} resolves them for its dialects, byte for byte against
 * {@code golden/<dialect>/<id>.sql} (whose first line names the resource the text came from); which texts each
 * product overrides; and that an override changes keys, distribution and storage, never the tables' columns.
 * Rewrite the golden files after a deliberate change, and review the diff: {@value #UPDATE}.
 */
class TpccDdlGoldenTest {

    /** The dialects each target reports (PgFlavor.queryLanguages), most specific first. */
    static final Map<String, List<String>> DIALECTS = Map.of(
            "postgres", List.of("postgres", "sql"),
            "yugabyte", List.of("yugabyte", "postgres", "sql"),
            "matrixdb", List.of("matrixdb", "postgres", "sql"),
            "mogdb", List.of("mogdb", "postgres", "sql"));

    static final List<String> SCRIPTS = List.of("create_tables", "create_indexes", "drop_tables", "analyze");

    /** The texts each product has of its own; every other text is the generic one. */
    static final Map<String, Set<String>> OVERRIDES = Map.of(
            "postgres", Set.of(),
            "yugabyte", Set.of("create_tables", "create_indexes", "analyze"),
            "matrixdb", Set.of("create_tables", "analyze"),
            "mogdb", Set.of("create_tables"));

    private static final String ROOT = "io/dbharness/tpcc/sql/";

    static final String UPDATE = "mvn -o -q verify -pl workloads/tpcc -am -Dtest='TpccDdlGolden*' "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Ddbharness.updateGolden=true";

    static TpccSql sql(String dialect) {
        return TpccSql.forDialects(DIALECTS.get(dialect), dialect);
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgres", "yugabyte", "matrixdb", "mogdb"})
    void scriptsEqualTheirGoldenFiles(String dialect) throws IOException {
        TpccSql sql = sql(dialect);
        for (String id : SCRIPTS) {
            assertGolden(dialect + "/" + id + ".sql", "-- " + sql.source(id) + "\n\n" + sql.get(id) + "\n");
        }
        assertEquals(dialect, sql.name(), "the result's dialect");
    }

    /** A product's own texts come from its directory, all the others (transactions, checks, COPY...) from the generic one. */
    @ParameterizedTest
    @ValueSource(strings = {"postgres", "yugabyte", "matrixdb", "mogdb"})
    void eachProductOverridesOnlyItsOwnTexts(String dialect) throws Exception {
        TpccSql sql = sql(dialect);
        Set<String> generic = ids(TpccSql.GENERIC);
        assertTrue(generic.containsAll(List.of("create_tables", "tx/no_get_stocks", "check/4", "copy", "existing_tables")), generic.toString());
        for (String id : generic) {
            String expected = ROOT + (OVERRIDES.get(dialect).contains(id) ? dialect : TpccSql.GENERIC) + "/" + id + ".sql";
            assertEquals(expected, sql.source(id), dialect + " " + id);
        }
        Set<String> own = dialect.equals(TpccSql.GENERIC) ? Set.of() : ids(dialect);
        assertEquals(new TreeSet<>(OVERRIDES.get(dialect)), own, "the files in sql/" + dialect + "/");
        assertTrue(generic.containsAll(own), "an override replaces a generic text of the same name");
    }

    /** An override keeps every table and column the loader's COPY and the transactions name, with the generic types. */
    @ParameterizedTest
    @ValueSource(strings = {"yugabyte", "matrixdb", "mogdb"})
    void overridesKeepTheGenericColumns(String dialect) {
        Map<String, List<String>> generic = columns(sql(TpccSql.GENERIC));
        assertEquals(List.of("warehouse", "district", "customer", "history", "new_order", "oorder", "order_line", "item",
                "stock", "tpcc_load"), List.copyOf(generic.keySet()));
        assertEquals(generic, columns(sql(dialect)), dialect);
        for (Loader.Table t : Loader.Table.values()) { // what the loader COPYs is what the tables have, in that order
            assertEquals(generic.get(t.sqlName).stream().map(c -> c.substring(0, c.indexOf(' '))).toList(),
                    List.of(t.columns.split(", ")), t.sqlName);
        }
    }

    /**
     * YugabyteDB declares the generic keys in CREATE TABLE and creates only the two secondary indexes after the load:
     * the same columns in the same order once HASH, ASC and DESC are taken out; each key hashes the warehouse id.
     */
    @Test
    void yugabyteKeysAreTheGenericKeys() {
        Keys generic = Keys.of(sql(TpccSql.GENERIC));
        TpccSql yb = sql("yugabyte");
        Keys declared = Keys.of(yb);
        assertEquals(generic.primary, declared.primary);
        assertEquals(generic.indexes, declared.indexes);
        assertFalse(yb.get("create_indexes").contains("PRIMARY KEY"), "no key is added after the load");
        Matcher m = Pattern.compile("PRIMARY KEY \\((.*)\\)").matcher(yb.get("create_tables"));
        List<String> keys = new ArrayList<>();
        while (m.find()) {
            keys.add(m.group(1));
        }
        assertEquals(8, keys.size(), "every table but history and tpcc_load: " + keys);
        for (String k : keys) {
            assertTrue(k.matches("\\(\\w+_w_id\\) HASH(, \\w+ ASC)+|\\w+ HASH"), k);
        }
        for (String s : yb.statements("create_indexes")) {
            assertTrue(s.matches("(?s).*\\(\\(\\w+_w_id\\) HASH, .*\\)"), s);
        }
    }

    /**
     * Greenplum: a primary key or unique index on a hash-distributed table must contain its distribution key
     * (CREATE TABLE, PRIMARY KEY / UNIQUE); a replicated table may have any. MatrixDB keeps the generic keys.
     */
    @Test
    void matrixDbKeysContainTheDistributionKey() {
        TpccSql mx = sql("matrixdb");
        Map<String, String> distribution = new LinkedHashMap<>();
        for (String s : mx.statements("create_tables")) {
            Matcher m = Pattern.compile("(?s)CREATE TABLE (\\w+) .*\\)\\s+USING heap\\s+DISTRIBUTED (BY \\((\\w+)\\)|REPLICATED|RANDOMLY)").matcher(s);
            assertTrue(m.matches(), s);
            distribution.put(m.group(1), m.group(3) == null ? m.group(2) : m.group(3));
        }
        assertEquals(Map.of("warehouse", "w_id", "district", "d_w_id", "customer", "c_w_id", "history", "h_w_id",
                "new_order", "no_w_id", "oorder", "o_w_id", "order_line", "ol_w_id", "item", "REPLICATED", "stock", "s_w_id",
                "tpcc_load", "RANDOMLY"), distribution);
        Keys keys = Keys.of(mx);
        assertEquals(Keys.of(sql(TpccSql.GENERIC)).primary, keys.primary);
        List<Map.Entry<String, List<String>>> unique = new ArrayList<>(keys.primary.entrySet());
        keys.indexes.values().stream().filter(Index::unique).forEach(i -> unique.add(Map.entry(i.table(), i.columns())));
        assertEquals(9, unique.size(), "eight primary keys and oorder_customer: " + unique);
        for (Map.Entry<String, List<String>> k : unique) {
            String d = distribution.get(k.getKey());
            assertTrue(d.equals("REPLICATED") || k.getValue().contains(d), k + " must contain " + d);
        }
    }

    /** The loader's COPY text, the transactions and the checks are the generic PostgreSQL ones on every product. */
    @Test
    void noProductChangesTheTransactionsOrChecks() throws Exception {
        for (String dialect : DIALECTS.keySet()) {
            TpccSql sql = sql(dialect);
            for (String id : ids(TpccSql.GENERIC)) {
                if (id.startsWith("tx/") || id.startsWith("check/")) {
                    assertEquals(sql(TpccSql.GENERIC).get(id), sql.get(id), dialect + " " + id);
                }
            }
        }
    }

    // --- helpers

    /** {@code golden/<path>} equals {@code actual}; with {@code -Ddbharness.updateGolden=true} it is (re)written first. */
    static void assertGolden(String path, String actual) throws IOException {
        String resource = "golden/" + path;
        if (Boolean.getBoolean("dbharness.updateGolden")) { // surefire runs in the module directory
            Path file = Path.of("src/test/resources", TpccDdlGoldenTest.class.getPackageName().replace('.', '/'), resource);
            Files.createDirectories(file.getParent());
            Files.writeString(file, actual);
            assertEquals(actual, Files.readString(file));
            return;
        }
        try (InputStream in = TpccDdlGoldenTest.class.getResourceAsStream(resource)) {
            assertNotNull(in, "missing golden file workloads/tpcc/src/test/resources/io/dbharness/tpcc/" + resource
                    + "; write it (then review it) with: " + UPDATE + "\nThe text was:\n" + actual);
            assertEquals(new String(in.readAllBytes(), StandardCharsets.UTF_8), actual, resource);
        }
    }

    /** The text ids under {@code sql/<dialect>/}: {@code create_tables}, {@code tx/no_get_stocks}... */
    static Set<String> ids(String dialect) throws IOException, URISyntaxException {
        URL url = TpccSql.class.getClassLoader().getResource(ROOT + dialect);
        if (url == null) {
            return Set.of();
        }
        assertEquals("file", url.getProtocol(), "the tests read target/classes");
        Path dir = Path.of(url.toURI());
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.toString().endsWith(".sql"))
                    .map(p -> dir.relativize(p).toString().replace('\\', '/').replaceAll("\\.sql$", ""))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    /** Each table's column definitions (name and type, whitespace collapsed) in CREATE TABLE order. */
    static Map<String, List<String>> columns(TpccSql sql) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String s : sql.statements("create_tables")) {
            Matcher m = Pattern.compile("(?s)CREATE TABLE (\\w+) \\((.*)\\n\\)[^()]*(\\([^()]*\\))?;?").matcher(s);
            assertTrue(m.matches(), s);
            List<String> cols = new ArrayList<>();
            for (String line : m.group(2).split("\n")) {
                String l = line.strip().replaceAll(",$", "").replaceAll("\\s+", " ");
                if (!l.isEmpty() && !l.startsWith("PRIMARY KEY") && !l.startsWith("CONSTRAINT")) {
                    cols.add(l);
                }
            }
            out.put(m.group(1), cols);
        }
        return out;
    }

    record Index(String table, boolean unique, List<String> columns) {
    }

    /** Primary keys (table to columns) and indexes (name to index), wherever a script declares them. */
    record Keys(Map<String, List<String>> primary, Map<String, Index> indexes) {

        private static final Pattern ADD_KEY = Pattern.compile("ALTER TABLE (\\w+) ADD PRIMARY KEY \\((.*)\\)");
        private static final Pattern TABLE_KEY = Pattern.compile("(?s)CREATE TABLE (\\w+) .*\\n  PRIMARY KEY \\((.*)\\)\\n\\).*");
        private static final Pattern INDEX = Pattern.compile("CREATE (UNIQUE )?INDEX (\\w+) ON (\\w+) \\((.*)\\)");

        static Keys of(TpccSql sql) {
            Map<String, List<String>> primary = new LinkedHashMap<>();
            Map<String, Index> indexes = new LinkedHashMap<>();
            List<String> all = new ArrayList<>(sql.statements("create_tables"));
            all.addAll(sql.statements("create_indexes"));
            for (String s : all) {
                Matcher m;
                if ((m = ADD_KEY.matcher(s)).matches() || (m = TABLE_KEY.matcher(s)).matches()) {
                    primary.put(m.group(1), plain(m.group(2)));
                } else if ((m = INDEX.matcher(s)).matches()) {
                    indexes.put(m.group(2), new Index(m.group(3), m.group(1) != null, plain(m.group(4))));
                }
            }
            return new Keys(primary, indexes);
        }

        /** {@code (o_w_id) HASH, o_d_id ASC, o_id DESC} as its columns: o_w_id, o_d_id, o_id. */
        private static List<String> plain(String keyColumns) {
            return List.of(keyColumns.replaceAll("\\b(HASH|ASC|DESC)\\b|[()]", "").trim().split("\\s*,\\s*"));
        }
    }

    @Test
    void keysOfTheGenericScripts() {
        Keys k = Keys.of(sql(TpccSql.GENERIC));
        assertEquals(List.of("o_w_id", "o_d_id", "o_id"), k.primary.get("oorder"));
        assertEquals(8, k.primary.size(), k.primary.toString());
        assertEquals(new Index("oorder", true, List.of("o_w_id", "o_d_id", "o_c_id", "o_id")), k.indexes.get("oorder_customer"));
        assertEquals(new Index("customer", false, List.of("c_w_id", "c_d_id", "c_last", "c_first")), k.indexes.get("customer_name"));
        assertEquals(2, k.indexes.size(), k.indexes.toString());
    }
}
