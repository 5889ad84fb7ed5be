package io.dbharness.iot;

import io.dbharness.core.api.QueryCatalogue;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.dbharness.core.api.QueryTemplate;
import io.dbharness.core.api.UsageException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code --query-file}: queries of the user's own, each with a text per query language and the catalogue's
 * placeholders.
 * <pre>
 * queries:
 *   - name: busy-devices
 *     window: 10m            # {start}..{end}; default 1h
 *     sql: SELECT tag_id, count(*) AS n FROM {table} WHERE ts &gt;= {start} AND ts &lt; {end} GROUP BY tag_id
 *     questdb: ...           # a target's own language wins over the family's (sql)
 *     influxql: SELECT count({metric}) FROM {table} WHERE time &gt;= {start} AND time &lt; {end} GROUP BY tag_id
 * </pre>
 */
record QueryFile(Map<String, Entry> queries) {

    /** @param texts template by language ({@code postgres}, {@code sql}, {@code influxql}, ...) */
    record Entry(String name, Duration window, Map<String, QueryTemplate> texts) {

        /** The text for a target speaking {@code languages} (most specific first). */
        Optional<QueryTemplate> textFor(List<String> languages) {
            for (String l : languages) {
                if (texts.containsKey(l)) {
                    return Optional.of(texts.get(l));
                }
            }
            return Optional.empty();
        }
    }

    private static final long MAX_BYTES = 1 << 20;

    /**
     * The languages targets take (their ids and their families'): a key outside them is a typo, refused. A list of
     * its own rather than the class path's targets asked: a file shared across targets must read the same with one
     * adapter on the class path (a library's tests, PgQueryTest) as in runner.jar, where another target's text is
     * not a typo. A target with a language of its own adds it here (ARCHITECTURE.md, adding a target).
     */
    static final java.util.Set<String> LANGUAGES = java.util.Set.of("sql", "postgres", "yugabyte", "matrixdb", "mogdb",
            "questdb", "influxql", "flux");

    static QueryFile read(Path file) {
        return read(file, Catalogues.TELEMATICS);
    }

    /** The file's queries, whose names must not be the model's catalogue's (nor their aliases). */
    static QueryFile read(Path file, QueryCatalogue catalogue) {
        String where = "--query-file " + file;
        if (!Files.isRegularFile(file)) {
            throw new UsageException(where + (Files.isDirectory(file) ? ": a directory, not a file" : ": no such file"));
        }
        JsonNode root;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new UsageException(where + ": larger than 1 MiB; is it the right file?");
            }
            root = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
        } catch (JacksonException e) {
            String msg = e.getOriginalMessage().split("\n")[0];
            throw new UsageException(where + ": not valid YAML" + (e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr()) + ": " + msg);
        } catch (IOException e) {
            throw new UsageException(where + ": cannot read it (" + e.getMessage() + ")");
        }
        JsonNode list = root == null ? null : root.get("queries");
        if (list == null || !list.isArray() || list.isEmpty()) {
            throw new UsageException(where + ": expected a list 'queries:' of entries with a name and a text per language");
        }
        Map<String, Entry> out = new LinkedHashMap<>();
        for (JsonNode q : list) {
            String name = q.path("name").asText("");
            if (!name.matches("[A-Za-z0-9][A-Za-z0-9_.-]{0,62}")) {
                throw new UsageException(where + ": query name '" + name + "' must be 1 to 63 letters, digits, '-', '_' or '.'");
            }
            if (catalogue.query(name).isPresent() || out.containsKey(name)) {
                throw new UsageException(where + ": query name '" + name + "' is taken " + (out.containsKey(name)
                        ? "twice" : "by the catalogue of --generator " + catalogue.model()) + "; choose another");
            }
            Duration window = Duration.ofHours(1);
            Map<String, QueryTemplate> texts = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = q.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                switch (f.getKey()) {
                    case "name" -> { }
                    case "window" -> window = duration(where, name, f.getValue().asText());
                    default -> {
                        if (!LANGUAGES.contains(f.getKey())) {
                            throw new UsageException(where + ": query '" + name + "' has an unknown key '" + f.getKey()
                                    + "'; keys: name, window, and a text per language: "
                                    + String.join(", ", new java.util.TreeSet<>(LANGUAGES)));
                        }
                        if (!f.getValue().isTextual() || f.getValue().asText().isBlank()) {
                            throw new UsageException(where + ": query '" + name + "': '" + f.getKey()
                                    + "' must be the query's text in that language");
                        }
                        QueryTemplate t = QueryTemplate.parse(where + ", query '" + name + "' (" + f.getKey() + ")",
                                f.getValue().asText().strip());
                        if (t.uses("choice")) { // a catalogue's query names its choices; a file's has none to draw from
                            throw new UsageException(where + ", query '" + name + "' (" + f.getKey() + "): {choice} is a"
                                    + " catalogue query's own (TSBS's fleet); a query file names its values in the text");
                        }
                        texts.put(f.getKey(), t);
                    }
                }
            }
            if (texts.isEmpty()) {
                throw new UsageException(where + ": query '" + name + "' has no text; give one per language, e.g. sql: or influxql:");
            }
            out.put(name, new Entry(name, window, Map.copyOf(texts)));
        }
        return new QueryFile(out);
    }

    private static Duration duration(String where, String name, String text) {
        try {
            Duration d = Duration.parse("PT" + text.strip().toUpperCase(java.util.Locale.ROOT));
            if (!d.isNegative() && !d.isZero()) {
                return d;
            }
        } catch (java.time.format.DateTimeParseException ignored) {
            // the message below says what is expected
        }
        throw new UsageException(where + ": query '" + name + "': window '" + text + "' is not a duration like 10m or 1h");
    }
}
