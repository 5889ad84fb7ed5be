package io.dbharness.influx;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.Settings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An InfluxDB v2 organization that does not exist is a usage error (exit 2), not a failed run. No InfluxDB 2
 * runs here, so a loopback front answers as 2.x does: {@code /ping} with {@code X-Influxdb-Version: v2.7.11}, and
 * a lookup by an unknown org name with 404 {@code {"code":"not found","message":"organization name \"x\" not found"}}
 * (influxdb's {@code OrgNotFoundByName}). {@link InfluxV2ServerTest} checks the same against a real server when one
 * is named.
 */
class InfluxV2OrgTest {

    private HttpServer front;
    private volatile int bucketsStatus;
    private volatile String bucketsBody;
    private volatile int orgsStatus;
    private volatile String orgsBody;

    @BeforeEach
    void start() throws IOException {
        front = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        front.createContext("/ping", x -> {
            x.getResponseHeaders().add("X-Influxdb-Version", "v2.7.11");
            x.sendResponseHeaders(204, -1);
            x.close();
        });
        front.createContext("/api/v2/buckets", x -> reply(x, bucketsStatus, bucketsBody));
        front.createContext("/api/v2/orgs", x -> reply(x, orgsStatus, orgsBody));
        front.start();
    }

    @AfterEach
    void stop() {
        front.stop(0);
    }

    private static void reply(HttpExchange x, int status, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().add("Content-Type", "application/json; charset=utf-8");
        x.sendResponseHeaders(status, b.length);
        x.getResponseBody().write(b);
        x.close();
    }

    private String url() {
        return "http://127.0.0.1:" + front.getAddress().getPort();
    }

    private Settings settings(String org) {
        Map<String, String> options = new HashMap<>();
        options.put("influx-url", url());
        options.put("org", org);
        options.put("bucket", "b");
        return Settings.resolve(new InfluxTargetProvider().options(), options, Map.of("INFLUX_TOKEN", "t0ken"));
    }

    private static String notFound(String org) {
        return "{\"code\":\"not found\",\"message\":\"organization name \\\"" + org + "\\\" not found\"}";
    }

    @Test
    void anUnknownOrgAtConnectIsAUsageErrorNamingIt() {
        bucketsStatus = 404;
        bucketsBody = notFound("acme");
        UsageException e = assertThrows(UsageException.class, () -> new InfluxTargetProvider().open(settings("acme")));
        assertEquals("organization 'acme' does not exist on InfluxDB at " + url()
                + "; create it or pick another with --org (or INFLUX_ORG)", e.getMessage());
    }

    @Test
    void anUnknownOrgWhenCreatingTheBucketIsAUsageErrorToo() throws Exception {
        Settings s = settings("acme");
        InfluxConfig config = InfluxConfig.from(s).requireV2();
        InfluxHttp http = new InfluxHttp(config.baseUri()).withAuthorization("Token t0ken");
        V2Admin admin = new V2Admin(http, new InfluxQl(http, "the token"), config, "the token");
        bucketsStatus = 200;
        bucketsBody = "{\"buckets\":[]}";
        orgsStatus = 404;
        orgsBody = notFound("acme");
        assertTrue(assertThrows(UsageException.class, admin::ensureStore).getMessage()
                .startsWith("organization 'acme' does not exist on InfluxDB at "));
        // a server that lists no org under that name (older 2.x answer 200 with an empty list)
        orgsStatus = 200;
        orgsBody = "{\"orgs\":[]}";
        assertTrue(assertThrows(UsageException.class, admin::ensureStore).getMessage()
                .startsWith("organization 'acme' does not exist on InfluxDB at "));
    }

    @Test
    void a404ThatIsNotAboutTheOrgStaysAFailure() {
        bucketsStatus = 404;
        bucketsBody = "404 page not found";
        TargetException e = assertThrows(TargetException.class, () -> new InfluxTargetProvider().open(settings("acme")));
        assertEquals(TargetException.Kind.FATAL, e.kind());
        assertEquals("404", e.vendorCode());
    }
}
