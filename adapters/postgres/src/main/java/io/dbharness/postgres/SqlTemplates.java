package io.dbharness.postgres;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * SQL kept as resources ({@code io/dbharness/postgres/sql/<id>.sql}) so it can be read, diffed against vendor
 * docs and recorded in results as written. An unknown id is a hard error, never a silent fallback.
 */
final class SqlTemplates {

    private static final Map<String, String> CACHE = new ConcurrentHashMap<>();

    private SqlTemplates() {
    }

    static String get(String id) {
        return CACHE.computeIfAbsent(id, SqlTemplates::load);
    }

    /** The template with each {@code ${key}} replaced; values are trusted SQL fragments (quoted identifiers). */
    static String render(String id, Map<String, String> values) {
        String sql = get(id);
        for (Map.Entry<String, String> e : values.entrySet()) {
            sql = sql.replace("${" + e.getKey() + "}", e.getValue());
        }
        if (sql.contains("${")) {
            throw new IllegalStateException("SQL template " + id + " has an unfilled placeholder: " + sql);
        }
        return sql;
    }

    private static String load(String id) {
        String path = "sql/" + id + ".sql";
        try (InputStream in = SqlTemplates.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("no SQL template io/dbharness/postgres/" + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
