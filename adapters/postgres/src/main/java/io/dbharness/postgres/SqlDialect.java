package io.dbharness.postgres;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A product's SQL, kept as resources ({@code <dir>/<id>.sql}) so it can be read, diffed against vendor docs
 * and recorded in results as written. A product's own directory is searched first, then the generic
 * PostgreSQL statements; an id found nowhere is a hard error, never a silent fallback to something else.
 */
public final class SqlDialect {

    /** The generic PostgreSQL statements every product falls back to. */
    public static final String GENERIC_DIR = "io/dbharness/postgres/sql";

    private final List<String> dirs;
    private final ClassLoader loader;
    private final Map<String, String> cache = new ConcurrentHashMap<>();

    /** @param productDir the product's resource directory, e.g. {@code io/dbharness/yugabyte/sql}; null for plain PostgreSQL */
    public SqlDialect(String productDir, ClassLoader loader) {
        List<String> d = new ArrayList<>();
        if (productDir != null) {
            d.add(productDir);
        }
        d.add(GENERIC_DIR);
        this.dirs = List.copyOf(d);
        this.loader = loader;
    }

    public static SqlDialect postgres() {
        return new SqlDialect(null, SqlDialect.class.getClassLoader());
    }

    public String get(String id) {
        return cache.computeIfAbsent(id, this::load);
    }

    /** The template with each {@code ${key}} replaced; values are trusted SQL fragments (quoted identifiers). */
    public String render(String id, Map<String, String> values) {
        String sql = get(id);
        for (Map.Entry<String, String> e : values.entrySet()) {
            sql = sql.replace("${" + e.getKey() + "}", e.getValue());
        }
        if (sql.contains("${")) {
            throw new IllegalStateException("SQL template " + id + " has an unfilled placeholder: " + sql);
        }
        return sql;
    }

    /** The resource a statement comes from, for tests that check a product overrides what it must. */
    public String source(String id) {
        for (String dir : dirs) {
            if (loader.getResource(dir + "/" + id + ".sql") != null) {
                return dir + "/" + id + ".sql";
            }
        }
        throw new IllegalStateException("no SQL template " + id + " in " + dirs);
    }

    private String load(String id) {
        try (InputStream in = loader.getResourceAsStream(source(id))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
