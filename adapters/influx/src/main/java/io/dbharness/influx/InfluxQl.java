package io.dbharness.influx;

import io.dbharness.http.Response;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetException.Kind;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * InfluxQL over {@code /query}: the statements the target needs (exists, count, drop, stats) and the parsing
 * of their JSON. InfluxDB answers a failed statement with HTTP 200 and an {@code error} in the result, so
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
            String err = result.get("error").asText();
            Kind kind = err.contains("not authorized") ? Kind.AUTHENTICATION : Kind.FATAL;
            throw new TargetException(kind, null, "'" + statement + "' failed: " + err, null);
        }
        return result;
    }

    List<String> databases() throws TargetException {
        List<String> out = new ArrayList<>();
        for (JsonNode row : firstSeries(run(null, "SHOW DATABASES", false)).path("values")) {
            out.add(row.path(0).asText());
        }
        return out;
    }

    boolean hasPoints(String db, String measurement) throws TargetException {
        return !firstSeries(run(db, "SELECT * FROM " + ident(measurement) + " LIMIT 1", false)).isMissingNode();
    }

    /**
     * Points (rows) of the measurement. {@code count(*)} would count each field separately, which for rows
     * with different field subsets is neither the rows nor their sum; selecting the rows in a subquery turns
     * the always-present tag {@code tag_id} into a column there, and counting it counts every point once.
     */
    long countPoints(String db, String measurement) throws TargetException {
        JsonNode s = firstSeries(run(db, "SELECT count(tag_id) FROM (SELECT * FROM " + ident(measurement) + ")", false));
        return s.isMissingNode() ? 0 : s.path("values").path(0).path(1).asLong();
    }

    /** Field name to type ({@code float}, {@code integer}, ...) of a measurement; empty when it has none. */
    Map<String, String> fieldTypes(String db, String measurement) throws TargetException {
        Map<String, String> out = new LinkedHashMap<>();
        for (JsonNode row : firstSeries(run(db, "SHOW FIELD KEYS FROM " + ident(measurement), false)).path("values")) {
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
