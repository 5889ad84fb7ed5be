package io.dbharness.core.dialect;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A product's statements (SQL of any dialect, InfluxQL), kept as resources ({@code <dir>/<id>.<extension>}) so they can be read, diffed against
 * vendor docs and recorded in results as written. The directories are searched in order, a product's own first
 * and the generic text of its family after it; an id found nowhere is a hard error, never a silent fallback to
 * something else. Every target uses it: PostgreSQL-family SQL, QuestDB SQL, InfluxQL.
 */
public final class StatementTexts {

    private final List<String> dirs;
    private final String extension;
    private final ClassLoader loader;
    private final Map<String, Optional<String>> cache = new ConcurrentHashMap<>();

    /** @param dirs resource directories, most specific first, e.g. {@code [io/dbharness/yugabyte/sql, io/dbharness/postgres/sql]} */
    public StatementTexts(List<String> dirs, String extension, ClassLoader loader) {
        if (dirs.isEmpty()) {
            throw new IllegalArgumentException("no directory");
        }
        this.dirs = List.copyOf(dirs);
        this.extension = extension;
        this.loader = loader;
    }

    /** SQL statements ({@code .sql}) in {@code dirs}. */
    public static StatementTexts sql(ClassLoader loader, String... dirs) {
        return new StatementTexts(List.of(dirs), "sql", loader);
    }

    /** The same resources with {@code dir} searched first. */
    public StatementTexts over(String dir, ClassLoader productLoader) {
        List<String> d = new ArrayList<>();
        d.add(dir);
        d.addAll(dirs);
        return new StatementTexts(d, extension, productLoader);
    }

    public String get(String id) {
        return find(id).orElseThrow(() -> new IllegalStateException("no statement " + id + "." + extension + " in " + dirs));
    }

    /** The statement, or empty when no directory has it (a query a product cannot answer). */
    public Optional<String> find(String id) {
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
        return resource(id).orElseThrow(() -> new IllegalStateException("no statement " + id + "." + extension + " in " + dirs));
    }

    private Optional<String> resource(String id) {
        int i = specificity(id);
        return i < 0 ? Optional.empty() : Optional.of(dirs.get(i) + "/" + id + "." + extension);
    }

    /**
     * Where a statement comes from, as the index of its directory: 0 for the most specific (the product's own), -1
     * when no directory has it. Code that picks between variants of a statement prefers the product's own.
     */
    public int specificity(String id) {
        for (int i = 0; i < dirs.size(); i++) {
            if (loader.getResource(dirs.get(i) + "/" + id + "." + extension) != null) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The leading {@code --} lines of a statement's resource, without the dashes (what it is for, the versions it
     * fits, why a product has none): read by code that picks a statement by them.
     */
    public List<String> comments(String id) {
        String path = source(id);
        try (InputStream in = loader.getResourceAsStream(path)) {
            List<String> out = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.startsWith("--")) {
                    break;
                }
                out.add(line.substring(2).strip());
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Optional<String> load(String id) {
        Optional<String> path = resource(id);
        if (path.isEmpty()) {
            return Optional.empty();
        }
        try (InputStream in = loader.getResourceAsStream(path.get())) {
            return Optional.of(stripComments(new String(in.readAllBytes(), StandardCharsets.UTF_8)).strip());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Leading lines starting with {@code --} (where a statement comes from, which vendor page) are not sent. */
    private static String stripComments(String text) {
        String s = text;
        while (s.startsWith("--")) {
            int nl = s.indexOf('\n');
            s = nl < 0 ? "" : s.substring(nl + 1);
        }
        return s;
    }
}
