package io.dbharness.influx;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The influx target's v2 API against a real InfluxDB 2, when one is named:
 * {@code DBHARNESS_INFLUX2_URL} (e.g. {@code http://localhost:8086}), {@code DBHARNESS_INFLUX2_TOKEN} (a token
 * that may create buckets in the org) and {@code DBHARNESS_INFLUX2_ORG}. Without them the tests are skipped
 * with a message naming the variables. Each run writes into a fresh bucket, deleted afterwards.
 */
@org.junit.jupiter.api.Tag("server")
class InfluxV2ServerTest {

    static final String URL_VAR = "DBHARNESS_INFLUX2_URL";
    static final String TOKEN_VAR = "DBHARNESS_INFLUX2_TOKEN";
    static final String ORG_VAR = "DBHARNESS_INFLUX2_ORG";

    private String url;
    private String token;
    private String org;
    private String bucket;

    @BeforeEach
    void requireServer() {
        List<String> missing = new ArrayList<>();
        for (String v : new String[] {URL_VAR, TOKEN_VAR, ORG_VAR}) {
            String value = System.getenv(v);
            if (value == null || value.isBlank()) {
                missing.add(v);
            }
        }
        assumeTrue(missing.isEmpty(), "no InfluxDB 2 named: set " + URL_VAR + ", " + TOKEN_VAR + " and " + ORG_VAR
                + " to run these tests (missing: " + String.join(", ", missing) + ")");
        url = System.getenv(URL_VAR).trim();
        token = System.getenv(TOKEN_VAR).trim();
        org = System.getenv(ORG_VAR).trim();
        bucket = "dbharness_test_" + Long.toHexString(System.currentTimeMillis()) + "_"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x10000));
    }

    @AfterEach
    void dropBucket() throws Exception {
        if (bucket == null || token == null) {
            return;
        }
        HttpClient client = HttpClient.newHttpClient();
        HttpResponse<String> list = client.send(request("/api/v2/buckets?name=" + InfluxHttp.enc(bucket) + "&org="
                + InfluxHttp.enc(org)).GET().build(), HttpResponse.BodyHandlers.ofString());
        if (list.statusCode() != 200) {
            return;
        }
        for (JsonNode b : new ObjectMapper().readTree(list.body()).path("buckets")) {
            client.send(request("/api/v2/buckets/" + b.path("id").asText()).DELETE().build(),
                    HttpResponse.BodyHandlers.discarding());
        }
    }

    private HttpRequest.Builder request(String pathAndQuery) {
        String base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        return HttpRequest.newBuilder(URI.create(base + pathAndQuery)).header("Authorization", "Token " + token);
    }

    private RunSpec.Builder spec(String tokenToSend) {
        return RunSpec.builder().target("influx").workload("iot-insert")
                .option("influx-url", url).option("influx-api", "v2").option("org", org).option("bucket", bucket)
                .option("tag-num", 200).option("total-metrics-count", 10).option("ts-end", "2022-04-18 09:00:10")
                .option("verify", true).option("no-watch", true)
                .environment(Map.of("INFLUX_TOKEN", tokenToSend));
    }

    @Test
    void iotInsertIntoAFreshBucketWithVerify() throws Exception {
        RunResult r = Harness.run(spec(token).build());
        assertEquals(2_000, r.totals().counts().rows() + r.totals().counts().skippedRows(), "every generated row written or skipped");
        assertEquals(0, r.totals().counts().errors());
        assertEquals("v2", r.targetInfo().settings().get("api"));
        assertEquals("bucket " + bucket, r.targetInfo().settings().get("store"));
        String status = r.verification().status();
        if (status.equals("SKIPPED")) {
            // InfluxQL's /query serves a bucket only through a DBRP mapping; without one the target cannot count
            assertEquals("target 'InfluxDB' cannot count rows", r.verification().message(), r.verification().toString());
        } else {
            assertEquals("PASSED", status, r.verification().toString());
            assertEquals(r.totals().counts().rows(), r.verification().actual());
        }
        assertEquals(0, r.exitCode());
        // the server's own account, from /metrics: its shards took in the rows the run wrote
        io.dbharness.core.result.ServerUsage server = r.resources().server();
        assertEquals((double) r.totals().counts().rows(), server.pointsWritten(), server.counters() + " " + server.unavailable());
        assertTrue(server.counters().get("write_requests") > 0, server.counters().toString());
        assertTrue(server.gauges().get("series") >= 200, server.gauges().toString());
    }

    /** Every catalogue query in Flux through influxdb-client-java, on data loaded into the fresh bucket. */
    @Test
    void iotQueryWithLoadAnswersEveryCatalogueQueryInFlux() throws Exception {
        RunResult r = Harness.run(RunSpec.builder().target("influx").workload("iot-query").option("load", true)
                .option("influx-url", url).option("influx-api", "v2").option("org", org).option("bucket", bucket)
                .option("tag-num", 20).option("total-metrics-count", 5).option("ts-end", "2022-04-18 09:15:00")
                .option("generator-empty-value-ratio", 0).option("query-count", 200).option("no-watch", true)
                .environment(Map.of("INFLUX_TOKEN", token)).build());
        assertEquals(0, r.exitCode(), r.failure() + " " + r.errors());
        assertEquals(0, r.totals().counts().errors(), r.errors().toString());
        java.util.Set<String> ran = new java.util.HashSet<>();
        r.operations().stream().filter(o -> o.counts().completed() > 0 && o.counts().errors() == 0).forEach(o -> ran.add(o.type()));
        for (io.dbharness.core.api.QueryCatalogue.Query q : io.dbharness.iot.Catalogues.TELEMATICS.queries()) {
            assertTrue(ran.contains(q.name()), q.name() + " did not complete: " + r.operations());
        }
        String points = Long.toString(20L * 15 * 60);
        r.answers().stream().filter(a -> a.query().equals("count"))
                .forEach(a -> assertEquals(List.of(List.of(points)), a.values()));
        r.answers().stream().filter(a -> a.query().equals("lastpoint")).forEach(a -> assertEquals(20, a.rows()));
        r.answers().stream().filter(a -> a.query().equals("1-device-1-hr")).forEach(a -> {
            assertEquals(15, a.rows());
            a.values().forEach(row -> assertTrue(row.get(0).matches("2022-04-18T09:\\d\\d:00\\.000000Z"), row.toString()));
        });
    }

    @Test
    void anOrgThatDoesNotExistIsAUsageErrorNamingIt() {
        String missing = "no_such_org_" + Long.toHexString(ThreadLocalRandom.current().nextLong());
        io.dbharness.core.api.UsageException e = assertThrows(io.dbharness.core.api.UsageException.class,
                () -> Harness.run(spec(token).option("org", missing).build()));
        assertTrue(e.getMessage().startsWith("organization '" + missing + "' does not exist on InfluxDB at "), e.getMessage());
    }

    @Test
    void aWrongTokenIsAnAuthenticationErrorThatNeverShowsTheToken() {
        String wrong = "wrong-token-" + Long.toHexString(ThreadLocalRandom.current().nextLong());
        TargetException e = assertThrows(TargetException.class, () -> Harness.run(spec(wrong).build()));
        assertEquals(TargetException.Kind.AUTHENTICATION, e.kind(), e.getMessage());
        assertFalse(e.getMessage().contains(wrong), e.getMessage());
        assertFalse(e.getMessage().contains(token), e.getMessage());
        assertTrue(e.getMessage().contains("the token"), e.getMessage());
    }
}
