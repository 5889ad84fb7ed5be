package io.dbharness.influx;

import io.dbharness.http.Response;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbharness.core.api.QueryAnswer;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetException.Kind;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;

/**
 * InfluxQL over {@code /query}: the statements the target needs (exists, count, drop, stats), the queries of
 * {@link InfluxQlReader}, and the parsing of their JSON. InfluxDB answers a failed statement with HTTP 200 and an {@code error} in the result, so
 * both the status and the result are checked.
 */
final class InfluxQl {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final InfluxHttp http;
    private final String who;

    /** @param who whose credentials are sent, for messages ({@code user 'bob'}, {@code the token}) */
    InfluxQl(InfluxHttp http, String who) {
        this.http = http;
        this.who = who;
    }

    /** {@code "name"} with backslash and double quote escaped: an InfluxQL identifier. */
    static String ident(String name) {
        return '"' + name.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    /** A measurement in FROM: {@code "rp"."m"} when a retention policy is named, else {@code "m"} (the default one). */
    static String from(String retentionPolicy, String measurement) {
        return retentionPolicy.isEmpty() ? ident(measurement) : ident(retentionPolicy) + "." + ident(measurement);
    }

    /** Runs one statement; reads go as GET, statements that change something as POST (as 1.x requires). */
    JsonNode run(String db, String statement, boolean post) throws TargetException {
        String q = "q=" + InfluxHttp.enc(statement) + (db == null ? "" : "&db=" + InfluxHttp.enc(db));
        Response r = post
                ? http.post("/query", "application/x-www-form-urlencoded", q, "query")
                : http.get("/query?" + q, "query");
        if (!r.ok()) {
            throw InfluxErrors.status(r, "run '" + statement + "'", who);
        }
        JsonNode result;
        try {
            result = JSON.readTree(r.body()).path("results").path(0);
        } catch (IOException e) {
            throw new TargetException(Kind.FATAL, null, "unreadable answer to '" + statement + "': " + e.getMessage(), e);
        }
        if (result.hasNonNull("error")) {
            throw failed("'" + statement + "'", result.get("error").asText());
        }
        return result;
    }

    /**
     * InfluxDB's error for a statement it ran (HTTP 200 with {@code error} in the result). A server closing down
     * answers {@code query engine shutdown}: the target going away, as a refused connection is a moment later.
     */
    static TargetException failed(String what, String error) {
        Kind kind = error.contains("not authorized") ? Kind.AUTHENTICATION
                : InfluxErrors.shuttingDown(error) ? Kind.UNREACHABLE : Kind.FATAL;
        return new TargetException(kind, null, what + " failed: " + error, null);
    }

    /**
     * Runs a query through {@code call} ({@code --op-timeout}, cancellable) with times as epoch microseconds,
     * and flattens its answer: every series' rows, each with the series' tags ({@code tag_id}) as columns.
     * JSON integers become Long, other numbers Double, strings String, {@code time} an Instant. Without
     * {@code keepRows} the rows are counted, not kept.
     *
     * @param what the query's name, for messages
     */
    QueryAnswer select(InfluxHttp.Call call, String db, String query, String what, boolean keepRows)
            throws TargetException {
        Response r = call.get("/query?db=" + InfluxHttp.enc(db) + "&epoch=u&q=" + InfluxHttp.enc(query), what);
        if (!r.ok()) {
            throw InfluxErrors.status(r, what, who);
        }
        Flattened out = new Flattened(keepRows);
        try (JsonParser p = JSON.getFactory().createParser(r.body())) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not a JSON object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                p.nextToken();
                if (field.equals("results") && p.currentToken() == JsonToken.START_ARRAY) {
                    while (p.nextToken() == JsonToken.START_OBJECT) {
                        result(p, out, what);
                    }
                } else if (field.equals("error")) {
                    throw failed(what, p.getText());
                } else {
                    p.skipChildren();
                }
            }
        } catch (IOException e) {
            throw new TargetException(Kind.FATAL, null, "unreadable answer to " + what + ": " + e.getMessage(), e);
        }
        return out.answer();
    }

    private static void result(JsonParser p, Flattened out, String what) throws IOException, TargetException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            p.nextToken();
            switch (field) {
                case "series" -> {
                    while (p.nextToken() == JsonToken.START_OBJECT) {
                        series(p, out, what);
                    }
                }
                case "error" -> throw failed(what, p.getText());
                case "partial" -> truncated(p, what);
                default -> p.skipChildren();
            }
        }
    }

    /** The fields of a series come in the order the server's struct declares them: name, tags, columns, values. */
    private static void series(JsonParser p, Flattened out, String what) throws IOException, TargetException {
        Map<String, String> tags = Map.of();
        List<String> columns = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            p.nextToken();
            switch (field) {
                case "tags" -> {
                    tags = new LinkedHashMap<>();
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String key = p.currentName();
                        p.nextToken();
                        tags.put(key, p.getValueAsString());
                    }
                }
                case "columns" -> {
                    columns = new ArrayList<>();
                    while (p.nextToken() == JsonToken.VALUE_STRING) {
                        columns.add(p.getText());
                    }
                }
                case "values" -> {
                    if (columns == null) {
                        throw new IOException("a series' values came before its columns");
                    }
                    out.series(columns, tags);
                    while (p.nextToken() == JsonToken.START_ARRAY) {
                        out.row(p);
                    }
                }
                case "partial" -> truncated(p, what);
                default -> p.skipChildren();
            }
        }
    }

    /** Without chunking, {@code partial} means the server cut the answer (its {@code max-row-limit}). */
    private static void truncated(JsonParser p, String what) throws IOException, TargetException {
        if (p.getValueAsBoolean()) {
            throw new TargetException(Kind.FATAL, null, "InfluxDB cut the answer to " + what + " short (partial: "
                    + "its [http] max-row-limit); raise the limit to measure this query", null);
        }
    }

    /** The rows of every series in one table: columns in order of first appearance, a missing one null. */
    private static final class Flattened {
        private final boolean keep;
        private final List<String> columns = new ArrayList<>();
        private final List<Object[]> rows = new ArrayList<>();
        private long count;
        /** Of the current series: where each of its columns goes, which is {@code time}, and its tags' values. */
        private int[] at;
        private int timeAt;
        private int[] tagAt;
        private String[] tagValues;

        Flattened(boolean keep) {
            this.keep = keep;
        }

        void series(List<String> names, Map<String, String> tags) {
            at = new int[names.size()];
            timeAt = -1;
            for (int i = 0; i < at.length; i++) {
                at[i] = column(names.get(i));
                timeAt = names.get(i).equals("time") ? i : timeAt;
            }
            List<String> extra = tags.keySet().stream().filter(t -> !names.contains(t)).toList();
            tagAt = new int[extra.size()];
            tagValues = new String[extra.size()];
            for (int i = 0; i < tagAt.length; i++) {
                tagAt[i] = column(extra.get(i));
                tagValues[i] = tags.get(extra.get(i));
            }
        }

        private int column(String name) {
            String n = name.toLowerCase(Locale.ROOT);
            int i = columns.indexOf(n);
            if (i < 0) {
                columns.add(n);
                i = columns.size() - 1;
            }
            return i;
        }

        /** At the row's START_ARRAY. */
        void row(JsonParser p) throws IOException {
            count++;
            if (!keep) {
                p.skipChildren();
                return;
            }
            Object[] row = new Object[columns.size()];
            int i = 0;
            for (JsonToken t; (t = p.nextToken()) != JsonToken.END_ARRAY; i++) {
                if (i >= at.length) {
                    throw new IOException("a row has more values than its series has columns");
                }
                Object v = value(p, t);
                row[at[i]] = i == timeAt && v instanceof Long micros
                        ? Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000)
                        : v;
            }
            for (int k = 0; k < tagAt.length; k++) {
                row[tagAt[k]] = tagValues[k];
            }
            rows.add(row);
        }

        private static Object value(JsonParser p, JsonToken t) throws IOException {
            return switch (t) {
                case VALUE_NULL -> null;
                case VALUE_NUMBER_INT -> p.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                        ? new BigDecimal(p.getBigIntegerValue()) : (Object) p.getLongValue();
                case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
                case START_ARRAY, START_OBJECT -> {
                    p.skipChildren();
                    throw new IOException("a value that is not a scalar");
                }
                default -> p.getText(); // strings, and booleans as their text
            };
        }

        QueryAnswer answer() {
            int n = columns.size();
            if (keep) {
                rows.replaceAll(r -> r.length == n ? r : Arrays.copyOf(r, n)); // series seen later added columns
            }
            return new QueryAnswer(columns, keep ? rows : List.of(), count);
        }
    }

    List<String> databases() throws TargetException {
        List<String> out = new ArrayList<>();
        for (JsonNode row : firstSeries(run(null, "SHOW DATABASES", false)).path("values")) {
            out.add(row.path(0).asText());
        }
        return out;
    }

    /** @param from the measurement as FROM names it ({@link #from}) */
    boolean hasPoints(String db, String from) throws TargetException {
        return !firstSeries(run(db, "SELECT * FROM " + from + " LIMIT 1", false)).isMissingNode();
    }

    /**
     * Points (rows) of the measurement. {@code count(*)} would count each field separately, which for rows
     * with different field subsets is neither the rows nor their sum; selecting the rows in a subquery turns
     * an always-present tag ({@code tag_id}, {@code hostname}) into a column there, and counting it counts every
     * point once.
     */
    long countPoints(String db, String from, String tag) throws TargetException {
        JsonNode s = firstSeries(run(db, "SELECT count(" + ident(tag) + ") FROM (SELECT * FROM " + from + ")", false));
        return s.isMissingNode() ? 0 : s.path("values").path(0).path(1).asLong();
    }

    /** Field name to type ({@code float}, {@code integer}, ...) of a measurement; empty when it has none. */
    Map<String, String> fieldTypes(String db, String from) throws TargetException {
        Map<String, String> out = new LinkedHashMap<>();
        for (JsonNode row : firstSeries(run(db, "SHOW FIELD KEYS FROM " + from, false)).path("values")) {
            out.put(row.path(0).asText(), row.path(1).asText());
        }
        return out;
    }

    /** Sum of {@code diskBytes} of the database's shards in {@code SHOW STATS}; empty when the server has none. */
    OptionalLong diskBytes(String db) throws TargetException {
        long sum = 0;
        boolean any = false;
        for (JsonNode s : run(null, "SHOW STATS", false).path("series")) {
            if (!"shard".equals(s.path("name").asText()) || !db.equals(s.path("tags").path("database").asText())) {
                continue;
            }
            JsonNode columns = s.path("columns");
            for (int i = 0; i < columns.size(); i++) {
                if ("diskBytes".equals(columns.get(i).asText())) {
                    sum += s.path("values").path(0).path(i).asLong();
                    any = true;
                }
            }
        }
        return any ? OptionalLong.of(sum) : OptionalLong.empty();
    }

    private static JsonNode firstSeries(JsonNode result) {
        return result.path("series").path(0);
    }
}
