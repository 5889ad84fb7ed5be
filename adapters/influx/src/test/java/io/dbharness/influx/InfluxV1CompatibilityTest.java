package io.dbharness.influx;

import com.sun.net.httpserver.HttpServer;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TimeSeriesQuery;
import io.dbharness.core.api.UsageException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --influx-api v1 --token T}: InfluxDB 2's v1 compatibility API (influxdb-comparisons'
 * {@code -use-compatibility}), the v1 endpoints with {@code Authorization: Token T}. No InfluxDB 2 runs here: a
 * loopback front answers {@code /ping} as 2.1.1 does and {@code /query} with a database list, and records what it
 * was sent; an InfluxDB 1.6 with auth on, which knows no tokens, refuses one without the message showing it.
 */
@org.junit.jupiter.api.Tag("server")
class InfluxV1CompatibilityTest {

    private HttpServer front;
    private final List<String> seen = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws IOException {
        front = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        front.createContext("/ping", x -> {
            x.getResponseHeaders().add("X-Influxdb-Version", "2.1.1");
            x.sendResponseHeaders(204, -1);
            x.close();
        });
        front.createContext("/query", x -> {
            seen.add(x.getRequestURI().getPath() + " " + x.getRequestHeaders().getFirst("Authorization"));
            byte[] b = ("{\"results\":[{\"statement_id\":0,\"series\":[{\"name\":\"databases\",\"columns\":[\"name\"],"
                    + "\"values\":[[\"benchmark_db\"]]}]}]}").getBytes(StandardCharsets.UTF_8);
            x.getResponseHeaders().add("Content-Type", "application/json");
            x.sendResponseHeaders(200, b.length);
            x.getResponseBody().write(b);
            x.close();
        });
        front.start();
    }

    @AfterEach
    void stop() {
        front.stop(0);
    }

    private String url() {
        return "http://127.0.0.1:" + front.getAddress().getPort();
    }

    @Test
    void theV1ApiWithATokenSendsTheTokenAndQueriesInInfluxQl() throws Exception {
        try (TargetAdapter t = InfluxTargetTest.open(url(), Map.of("influx-api", "v1", "token", "t0ken-s3cret",
                "influx-database", "benchmark_db"))) {
            assertEquals("v1", t.describe().settings().get("api"));
            assertEquals(List.of("influxql"), t.capability(TimeSeriesQuery.class).orElseThrow().language().languages());
            assertEquals("database benchmark_db", t.describe().settings().get("store"));
        }
        assertFalse(seen.isEmpty(), "the credentials were checked with a statement");
        seen.forEach(s -> assertEquals("/query Token t0ken-s3cret", s));
    }

    @Test
    void withoutAnExplicitV1TheTokenIsTheV2Api() {
        // auto reads 2.1.1 from /ping: the v2 API, which needs its org and bucket
        UsageException e = assertThrows(UsageException.class, () -> InfluxTargetTest.open(url(),
                Map.of("token", "t0ken-s3cret")));
        assertTrue(e.getMessage().contains("--org") && e.getMessage().contains("--bucket"), e.getMessage());
    }

    @Test
    void anInfluxDb1WithAuthRefusesATokenWithoutShowingIt() throws Exception {
        try (InfluxServer server = InfluxServer.start(true)) {
            TargetException e = assertThrows(TargetException.class, () -> InfluxTargetTest.open(server.url(),
                    Map.of("influx-api", "v1", "token", "t0ken-s3cret")));
            assertEquals(TargetException.Kind.AUTHENTICATION, e.kind());
            assertTrue(e.getMessage().contains("the token"), e.getMessage());
            assertFalse(e.getMessage().contains("t0ken-s3cret"), e.getMessage());
        }
    }
}
