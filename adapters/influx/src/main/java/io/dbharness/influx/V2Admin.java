package io.dbharness.influx;

import io.dbharness.http.Response;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetException.Kind;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.encode.LinePrecision;

import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.OptionalLong;

/**
 * InfluxDB 2.x/3.x (and 1.8+): orgs and buckets over the JSON API, {@code /api/v2/write}, deletes by
 * predicate. Counting and field types use the InfluxQL compatibility endpoint {@code /query?db=<bucket>},
 * which 1.8 serves and 2.x serves when the bucket has a DBRP mapping; without it they are "n/a" (counting)
 * or a Flux probe (whether the measurement has points).
 */
final class V2Admin implements StoreAdmin {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final InfluxHttp http;
    private final InfluxQl ql;
    private final InfluxConfig config;
    private final String who;

    V2Admin(InfluxHttp http, InfluxQl ql, InfluxConfig config, String who) {
        this.http = http;
        this.ql = ql;
        this.config = config;
        this.who = who;
    }

    @Override
    public String store() {
        return "bucket " + config.bucket();
    }

    @Override
    public void checkCredentials() throws TargetException {
        storeExists();
    }

    private String orgBucket() {
        return "org=" + InfluxHttp.enc(config.org()) + "&bucket=" + InfluxHttp.enc(config.bucket());
    }

    @Override
    public boolean storeExists() throws TargetException {
        Response r = http.get("/api/v2/buckets?name=" + InfluxHttp.enc(config.bucket())
                + "&org=" + InfluxHttp.enc(config.org()), "list buckets");
        if (isMissingOrg(r)) {
            throw missingOrg();
        }
        if (!r.ok()) {
            throw InfluxErrors.status(r, "list buckets of org '" + config.org() + "'", who);
        }
        return read(r).path("buckets").size() > 0;
    }

    @Override
    public void ensureStore() throws TargetException {
        if (storeExists()) {
            return;
        }
        Response orgs = http.get("/api/v2/orgs?org=" + InfluxHttp.enc(config.org()), "find org");
        if (isMissingOrg(orgs)) {
            throw missingOrg();
        }
        if (!orgs.ok()) {
            throw InfluxErrors.status(orgs, "find org '" + config.org() + "'", who);
        }
        String orgId = read(orgs).path("orgs").path(0).path("id").asText("");
        if (orgId.isEmpty()) {
            throw missingOrg();
        }
        ObjectNode body = JSON.createObjectNode().put("orgID", orgId).put("name", config.bucket());
        body.putArray("retentionRules");
        Response r = http.post("/api/v2/buckets", "application/json", body.toString(), "create bucket");
        if (r.status() == 401 || r.status() == 403) {
            throw new TargetException(Kind.AUTHENTICATION, Integer.toString(r.status()), "bucket '" + config.bucket()
                    + "' does not exist and " + who + " may not create it; create it or pick another with --bucket", null);
        }
        if (!r.ok()) {
            throw InfluxErrors.status(r, "create bucket '" + config.bucket() + "'", who);
        }
    }

    /**
     * InfluxDB 2 answers a lookup by an unknown org name with 404 {@code organization name "x" not found}; a 404
     * that does not speak of an organization (no v2 API at all) stays an ordinary failure.
     */
    static boolean isMissingOrg(Response r) {
        return r.status() == 404 && InfluxErrors.serverMessage(r.body()).toLowerCase(java.util.Locale.ROOT).contains("organization");
    }

    /** A mistyped --org is the user's to fix, not a failure of the run: exit code 2. */
    private UsageException missingOrg() {
        return new UsageException("organization '" + config.org() + "' does not exist on InfluxDB at " + http.endpoint()
                + "; create it or pick another with --org (or INFLUX_ORG)");
    }

    @Override
    public URI writeUri(LinePrecision precision) {
        return http.uri("/api/v2/write?" + orgBucket() + "&precision=" + precision.v2Name());
    }

    @Override
    public boolean hasPoints(String measurement) throws TargetException {
        try {
            return ql.hasPoints(config.bucket(), InfluxQl.ident(measurement));
        } catch (TargetException e) {
            if (e.kind() != Kind.FATAL) {
                throw e;
            }
        }
        String flux = "from(bucket: " + InfluxLanguage.fluxString(config.bucket()) + ") |> range(start: 0) "
                + "|> filter(fn: (r) => r._measurement == " + InfluxLanguage.fluxString(measurement) + ") |> limit(n: 1)";
        Response r = http.post("/api/v2/query?org=" + InfluxHttp.enc(config.org()), "application/vnd.flux", flux, "query");
        if (!r.ok()) {
            throw InfluxErrors.status(r, "query bucket '" + config.bucket() + "'", who);
        }
        return r.body().lines().filter(l -> !l.isBlank()).count() > 1; // annotated CSV: header + rows
    }

    @Override
    public Map<String, String> fieldTypes(String measurement) throws TargetException {
        try {
            return ql.fieldTypes(config.bucket(), InfluxQl.ident(measurement));
        } catch (TargetException e) {
            if (e.kind() != Kind.FATAL) {
                throw e;
            }
            return Map.of(); // no InfluxQL here: a conflict shows as a rejected write instead
        }
    }

    @Override
    public void dropMeasurement(String measurement) throws TargetException {
        ObjectNode body = JSON.createObjectNode().put("start", "1677-09-21T00:12:43.145224194Z")
                .put("stop", "2262-04-11T23:47:16.854775806Z")
                .put("predicate", "_measurement=\"" + measurement.replace("\\", "\\\\").replace("\"", "\\\"") + "\"");
        Response r = http.post("/api/v2/delete?" + orgBucket(), "application/json", body.toString(), "delete");
        if (!r.ok()) {
            throw InfluxErrors.status(r, "delete measurement '" + measurement + "' from bucket '" + config.bucket() + "'", who);
        }
    }

    @Override
    public OptionalLong countPoints(String measurement) throws TargetException {
        try {
            return OptionalLong.of(ql.countPoints(config.bucket(), InfluxQl.ident(measurement)));
        } catch (TargetException e) {
            if (e.kind() != Kind.FATAL) {
                throw e;
            }
            return OptionalLong.empty();
        }
    }

    @Override
    public OptionalLong storedBytes() {
        return OptionalLong.empty(); // the v2 API does not report sizes
    }

    private static JsonNode read(Response r) throws TargetException {
        try {
            return JSON.readTree(r.body());
        } catch (IOException e) {
            throw new TargetException(Kind.FATAL, null, "unreadable answer from InfluxDB: " + e.getMessage(), e);
        }
    }
}
