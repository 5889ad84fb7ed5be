package io.dbharness.influx;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.QueryAnswer;
import io.dbharness.core.api.QueryParams;
import io.dbharness.core.api.QueryShape;
import io.dbharness.core.api.QueryTemplate;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Flux reader's use of influxdb-client-java: what it sends, how it flattens the annotated CSV, and how
 * errors, the deadline and a cancel come out. No InfluxDB 2 runs here, so a loopback front answers
 * {@code /api/v2/query} as 2.x does (annotated CSV, or its JSON error); {@link InfluxV2ServerTest} runs the
 * catalogue against a real server when one is named.
 */
class InfluxFluxReaderTest {

    private static final long T0 = 1_650_272_400_000_000L; // 2022-04-18 09:00:00 UTC

    /** Two tables of different columns, as a query with per-table schemas returns them. */
    private static final String TWO_TABLES = """
            #datatype,string,long,dateTime:RFC3339,double,string
            #group,false,false,false,false,true
            #default,_result,,,,
            ,result,table,_time,max_value,tag_id
            ,,0,2022-04-18T09:00:00Z,1.5,1
            ,,0,2022-04-18T09:01:00Z,2.5,1

            #datatype,string,long,dateTime:RFC3339,long,string,boolean
            #group,false,false,false,false,true,false
            #default,_result,,,,,
            ,result,table,_time,count,tag_id,flag
            ,,1,2022-04-18T09:00:00Z,7,2,true

            """.replace("\n", "\r\n");

    /** The default --op-timeout: the call's deadline when a test needs a long one. */
    private static final Duration LONG = Duration.ofSeconds(60);

    private HttpServer front;
    private volatile int status;
    private volatile String body;
    private volatile long delayMillis;
    /** Ends the answers' delays when the test is over. */
    private final CountDownLatch over = new CountDownLatch(1);
    private final List<String> requests = new ArrayList<>();

    @BeforeEach
    void start() throws IOException {
        front = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        front.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        front.createContext("/ping", x -> {
            x.sendResponseHeaders(204, -1);
            x.close();
        });
        front.createContext("/api/v2/query", this::answer);
        front.start();
    }

    @AfterEach
    void stop() {
        over.countDown();
        front.stop(0);
    }

    private void answer(HttpExchange x) throws IOException {
        synchronized (requests) {
            requests.add(x.getRequestURI() + " " + x.getRequestHeaders().getFirst("Authorization") + " "
                    + new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        }
        try {
            over.await(delayMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().add("Content-Type", status == 200 ? "text/csv; charset=utf-8" : "application/json");
        try {
            x.sendResponseHeaders(status, b.length);
            x.getResponseBody().write(b);
        } catch (IOException gone) {
            // the client cancelled
        }
        x.close();
    }

    private FluxReader reader(String opTimeout) {
        List<OptionDef> defs = new ArrayList<>(RunOptions.OPTIONS);
        defs.addAll(new InfluxTargetProvider().options());
        InfluxConfig config = InfluxConfig.from(Settings.resolve(defs, Map.of("influx-url", "http://127.0.0.1:"
                + front.getAddress().getPort(), "influx-api", "v2", "org", "acme", "bucket", "bench",
                "op-timeout", opTimeout), Map.of("INFLUX_TOKEN", "t0ken"))).requireV2();
        return new FluxReader(config, new InfluxHttp(config.baseUri()), "the token");
    }

    private static InfluxStatement query(String text) {
        return InfluxStatement.compile("q", QueryTemplate.parse("q", text),
                new QueryShape(new SeriesSchema("m", MetricType.FLOAT8, 2, 998), 0, 1), InfluxLanguage.FLUX, "\"m\"");
    }

    private static QueryParams params() {
        return new QueryParams(7, new long[] {7}, T0, T0 + 60_000_000L, 900.0);
    }

    @Test
    void sendsTheFluxAndFlattensEveryTable() throws Exception {
        status = 200;
        body = TWO_TABLES;
        try (FluxReader r = reader("10s")) {
            QueryAnswer a = r.run(query("from(bucket: \"bench\") |> filter(fn: (r) => r.tag_id == {tag})"), params(), true);
            assertEquals(List.of("_time", "max_value", "tag_id", "count", "flag"), a.columns(), "no result/table framing");
            assertEquals(3, a.rowCount());
            Instant t0 = Instant.parse("2022-04-18T09:00:00Z");
            assertArrayEquals(new Object[] {t0, 1.5, "1", null, null}, a.rows().get(0));
            assertArrayEquals(new Object[] {t0, null, "2", 7L, "true"}, a.rows().get(2), Arrays.toString(a.rows().get(2)));
            QueryAnswer counted = r.run(query("x"), params(), false);
            assertEquals(3, counted.rowCount());
            assertTrue(counted.rows().isEmpty());
        }
        String sent = requests.get(0);
        assertTrue(sent.startsWith("/api/v2/query?org=acme Token t0ken "), sent);
        assertEquals("from(bucket: \"bench\") |> filter(fn: (r) => r.tag_id == \"7\")",
                new ObjectMapper().readTree(sent.substring(sent.indexOf('{'))).path("query").asText());
    }

    @Test
    void errorsAreClassified() throws Exception {
        try (FluxReader r = reader("10s")) {
            status = 400;
            body = "{\"code\":\"invalid\",\"message\":\"compilation failed: error @1:1-1:2: undefined identifier x\"}";
            TargetException invalid = assertThrows(TargetException.class, () -> r.run(query("x"), params(), true));
            assertEquals(TargetException.Kind.FATAL, invalid.kind());
            assertEquals("400", invalid.vendorCode());
            assertTrue(invalid.getMessage().contains("query q") && invalid.getMessage().contains("undefined identifier x"),
                    invalid.getMessage());

            status = 401;
            body = "{\"code\":\"unauthorized\",\"message\":\"unauthorized access\"}";
            TargetException refused = assertThrows(TargetException.class, () -> r.run(query("x"), params(), true));
            assertEquals(TargetException.Kind.AUTHENTICATION, refused.kind());
            assertTrue(!refused.getMessage().contains("t0ken"), refused.getMessage());

            status = 200; // an error the server writes into the answer, after the status
            body = "#datatype,string,string\r\n#group,true,true\r\n#default,,\r\n,error,reference\r\n"
                    + ",runtime error: boom,897\r\n\r\n";
            TargetException inAnswer = assertThrows(TargetException.class, () -> r.run(query("x"), params(), true));
            assertEquals(TargetException.Kind.FATAL, inAnswer.kind());
            assertTrue(inAnswer.getMessage().contains("boom"), inAnswer.getMessage());
        }
        front.stop(0);
        try (FluxReader r = reader("10s")) {
            TargetException gone = assertThrows(TargetException.class, () -> r.run(query("x"), params(), true));
            assertEquals(TargetException.Kind.UNREACHABLE, gone.kind(), gone.getMessage());
            assertTrue(gone.getMessage().contains("connection refused"), gone.getMessage());
        }
    }

    /**
     * The answer would come after two minutes; the bounds tell the 1 s op-timeout, and a cancel, from the long
     * op-timeout of a minute (and from that answer): a quarter of the minute.
     */
    @Test
    void aSlowAnswerTimesOutAtTheOpTimeoutAndACancelEndsTheCall() throws Exception {
        status = 200;
        body = TWO_TABLES;
        delayMillis = 2 * LONG.toMillis();
        long bound = LONG.toMillis() / 4;
        try (FluxReader r = reader("1s")) {
            long begun = System.nanoTime();
            TargetException slow = assertThrows(TargetException.class, () -> r.run(query("x"), params(), true));
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begun);
            assertEquals(TargetException.Kind.TIMEOUT, slow.kind(), slow.getMessage());
            assertTrue(millis >= 900 && millis < bound, millis + " ms");
            assertTrue(r.reconnect(), "after a timeout the reader reports its connection replaced");
        }
        try (FluxReader r = reader(LONG.toSeconds() + "s")) {
            CompletableFuture<TargetException> failed = CompletableFuture.supplyAsync(() -> {
                try {
                    r.run(query("x"), params(), true);
                    return null;
                } catch (TargetException e) {
                    return e;
                }
            });
            // the cancel once the front has the query, however long a loaded machine took to send it
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (requestCount() < 2 && !failed.isDone()) {
                assertTrue(System.nanoTime() < until, "the query did not reach the front within 60 s");
                Thread.sleep(5);
            }
            long begun = System.nanoTime();
            r.cancel();
            TargetException e = failed.get(2 * LONG.toSeconds(), TimeUnit.SECONDS);
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begun);
            assertNotNull(e, "a cancelled call fails");
            assertEquals(TargetException.Kind.TIMEOUT, e.kind(), e.getMessage());
            assertTrue(e.getMessage().contains("cancelled"), e.getMessage());
            assertTrue(millis < bound, "ended " + millis + " ms after the cancel");
        }
    }

    private int requestCount() {
        synchronized (requests) {
            return requests.size();
        }
    }
}
