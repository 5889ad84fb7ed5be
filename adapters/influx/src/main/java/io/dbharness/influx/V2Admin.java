package io.dbharness.influx;

import com.influxdb.client.InfluxDBClient;
import com.influxdb.client.InfluxDBClientFactory;
import com.influxdb.client.InfluxDBClientOptions;
import com.influxdb.client.domain.Organizations;
import com.influxdb.client.service.BucketsService;
import com.influxdb.client.service.OrganizationsService;
import com.influxdb.exceptions.InfluxException;
import com.influxdb.query.FluxTable;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetException.Kind;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.encode.LinePrecision;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;

/**
 * InfluxDB 2.x/3.x (and 1.8+): orgs, buckets and deletes by predicate through influxdb-client-java, writes to
 * {@code /api/v2/write} ({@link LineWriter}). Counting and field types use the InfluxQL compatibility endpoint
 * {@code /query?db=<bucket>}, which 1.8 serves and 2.x serves when the bucket has a DBRP mapping; without it
 * they are "n/a" (counting) or a Flux probe (whether the measurement has points).
 */
final class V2Admin implements StoreAdmin {

    /** The range InfluxDB can store: a delete over it removes every point of the measurement. */
    private static final OffsetDateTime EARLIEST = OffsetDateTime.parse("1677-09-21T00:12:43.145224194Z");
    private static final OffsetDateTime LATEST = OffsetDateTime.parse("2262-04-11T23:47:16.854775806Z");

    private final InfluxHttp http;
    private final InfluxQl ql;
    private final InfluxConfig config;
    private final String who;
    private final InfluxDBClient client;

    V2Admin(InfluxHttp http, InfluxQl ql, InfluxConfig config, String who) {
        this.http = http;
        this.ql = ql;
        this.config = config;
        this.who = who;
        this.client = client(config, InfluxHttp.QUERY_TIMEOUT, new Dispatcher());
    }

    /**
     * A client of the v2 API: HTTP/1.1, {@code timeout} over each whole call (connect, request, answer), the
     * token when there is one. {@code dispatcher} is the client's own, so that cancelling its calls cancels
     * no one else's.
     */
    static InfluxDBClient client(InfluxConfig config, Duration timeout, Dispatcher dispatcher) {
        OkHttpClient.Builder ok = new OkHttpClient.Builder().protocols(List.of(Protocol.HTTP_1_1))
                .dispatcher(dispatcher).callTimeout(timeout).readTimeout(timeout).writeTimeout(timeout);
        InfluxDBClientOptions.Builder options = InfluxDBClientOptions.builder().url(config.endpoint())
                .org(config.org()).okHttpClient(ok);
        if (!config.token().isEmpty()) {
            options.authenticateToken(config.token().toCharArray());
        }
        return InfluxDBClientFactory.create(options.build());
    }

    @Override
    public String store() {
        return "bucket " + config.bucket();
    }

    @Override
    public void checkCredentials() throws TargetException {
        storeExists();
    }

    @Override
    public boolean storeExists() throws TargetException {
        return storeId().isPresent();
    }

    @Override
    public java.util.Optional<String> storeId() throws TargetException {
        var buckets = execute(client.getService(BucketsService.class).getBuckets(null, null, null, null, config.org(),
                null, config.bucket(), null), "list buckets of org '" + config.org() + "'").getBuckets();
        return buckets.isEmpty() ? java.util.Optional.empty() : java.util.Optional.ofNullable(buckets.get(0).getId());
    }

    @Override
    public void ensureStore() throws TargetException {
        if (storeExists()) {
            return;
        }
        Organizations orgs = execute(client.getService(OrganizationsService.class).getOrgs(null, null, null, null,
                config.org(), null, null), "find org '" + config.org() + "'");
        if (orgs.getOrgs().isEmpty()) {
            throw missingOrg();
        }
        try {
            client.getBucketsApi().createBucket(config.bucket(), orgs.getOrgs().get(0).getId());
        } catch (InfluxException e) {
            if (e.status() == 401 || e.status() == 403) {
                throw new TargetException(Kind.AUTHENTICATION, Integer.toString(e.status()), "bucket '" + config.bucket()
                        + "' does not exist and " + who + " may not create it; create it or pick another with --bucket", null);
            }
            throw failure(e, "create bucket '" + config.bucket() + "'");
        }
    }

    /** A generated service's call: its body, or the failure as the client's own APIs would throw it. */
    private <T> T execute(retrofit2.Call<T> call, String context) throws TargetException {
        try {
            retrofit2.Response<T> r = call.execute();
            if (r.isSuccessful() && r.body() != null) {
                return r.body();
            }
            throw failure(new InfluxException(r), context);
        } catch (IOException e) {
            throw failure(new InfluxException(e), context);
        }
    }

    /**
     * InfluxDB 2 answers a lookup by an unknown org name with 404 {@code organization name "x" not found}: a
     * usage error. A 404 that does not speak of an organization (no v2 API at all) stays an ordinary failure.
     */
    private TargetException failure(InfluxException e, String context) {
        if (e.status() == 404 && String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT).contains("organization")) {
            throw missingOrg();
        }
        return InfluxErrors.client(e, http.endpoint(), context, who);
    }

    /** A mistyped --org is the user's to fix, not a failure of the run: exit code 2. */
    private UsageException missingOrg() {
        return new UsageException("organization '" + config.org() + "' does not exist on InfluxDB at " + http.endpoint()
                + "; create it or pick another with --org (or INFLUX_ORG)");
    }

    @Override
    public URI writeUri(LinePrecision precision) {
        return http.uri("/api/v2/write?org=" + InfluxHttp.enc(config.org()) + "&bucket=" + InfluxHttp.enc(config.bucket())
                + "&precision=" + precision.v2Name());
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
        try {
            return client.getQueryApi().query(flux, config.org()).stream().anyMatch((FluxTable t) -> !t.getRecords().isEmpty());
        } catch (InfluxException e) {
            throw failure(e, "query bucket '" + config.bucket() + "'");
        }
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
        String predicate = "_measurement=\"" + measurement.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        try {
            client.getDeleteApi().delete(EARLIEST, LATEST, predicate, config.bucket(), config.org());
        } catch (InfluxException e) {
            throw failure(e, "delete measurement '" + measurement + "' from bucket '" + config.bucket() + "'");
        }
    }

    @Override
    public OptionalLong countPoints(String measurement, String tag) throws TargetException {
        try {
            return OptionalLong.of(ql.countPoints(config.bucket(), InfluxQl.ident(measurement), tag));
        } catch (TargetException e) {
            if (e.kind() != Kind.FATAL) {
                throw e;
            }
            return OptionalLong.empty();
        }
    }

    /** The bucket's shards' {@code storage_shard_disk_size} from InfluxDB 2's /metrics; empty where it has none. */
    @Override
    public OptionalLong storedBytes() throws TargetException {
        java.util.Optional<String> id = storeId();
        if (id.isEmpty()) {
            return OptionalLong.empty();
        }
        io.dbharness.http.Response r = http.get("/metrics", "read /metrics");
        if (!r.ok()) {
            return OptionalLong.empty();
        }
        InfluxTelemetry.Reading reading = InfluxTelemetry.parseMetrics(r.body(), id.get());
        return reading == null || reading.diskBytes() < 0 ? OptionalLong.empty() : OptionalLong.of(reading.diskBytes());
    }

    @Override
    public void close() {
        client.close();
    }
}
