package io.dbharness.influx;

import com.sun.net.httpserver.HttpServer;
import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TimeSeriesIngest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * 429/503 handling. InfluxDB 1.x cannot be made to throttle on demand, so a tiny HTTP server plays one: it
 * answers /ping and /query like 1.6 and throttles /write a given number of times with {@code Retry-After: 0}.
 */
class ThrottleRetryTest {

    private HttpServer server;
    private final AtomicInteger throttleLeft = new AtomicInteger();
    private final AtomicInteger writes = new AtomicInteger();
    private volatile String retryAfter = "0";

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/ping", x -> {
            x.getResponseHeaders().add("X-Influxdb-Version", "1.6.7");
            x.sendResponseHeaders(204, -1);
            x.close();
        });
        server.createContext("/query", x -> {
            byte[] b = "{\"results\":[{\"statement_id\":0,\"series\":[{\"name\":\"databases\",\"columns\":[\"name\"],\"values\":[[\"dbharness\"]]}]}]}"
                    .getBytes(StandardCharsets.UTF_8);
            x.sendResponseHeaders(200, b.length);
            x.getResponseBody().write(b);
            x.close();
        });
        server.createContext("/write", x -> {
            x.getRequestBody().readAllBytes();
            writes.incrementAndGet();
            if (throttleLeft.getAndDecrement() > 0) {
                x.getResponseHeaders().add("Retry-After", retryAfter);
                byte[] b = "{\"error\":\"too many requests\"}".getBytes(StandardCharsets.UTF_8);
                x.sendResponseHeaders(429, b.length);
                x.getResponseBody().write(b);
            } else {
                x.sendResponseHeaders(204, -1);
            }
            x.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void write(int throttles) throws Exception {
        throttleLeft.set(throttles);
        SeriesSchema schema = new SeriesSchema("m", MetricType.INT8, 1, 998);
        RowBatch b = new RowBatch(MetricType.INT8, 1, 1);
        b.setLong(b.addRow(1_650_272_400_000_000L, 1), 0, 1);
        String url = "http://127.0.0.1:" + server.getAddress().getPort();
        try (TargetAdapter t = InfluxTargetTest.open(url, Map.of());
             BatchWriter w = t.capability(TimeSeriesIngest.class).orElseThrow().openWriter(schema)) {
            assertEquals(1, w.write(b).rowsWritten());
        }
    }

    @Test
    void throttledWritesAreRetriedHonouringRetryAfter() throws Exception {
        write(3);
        assertEquals(4, writes.get());
    }

    @Test
    void throttlingThatDoesNotEndIsRetryableForTheEngine() {
        TargetException e = assertThrows(TargetException.class, () -> write(1000));
        assertEquals(TargetException.Kind.RETRYABLE, e.kind());
        assertEquals("429", e.vendorCode());
        assertEquals(LineWriter.THROTTLE_RETRIES + 1, writes.get(), "bounded");
        assertTrue(e.getMessage().contains("too many requests"), e.getMessage());
    }

    /** A writer on the fake server, with engine options (--op-timeout) as a run would give them. */
    private BatchWriter writer(TargetAdapter[] holder, String opTimeout) throws Exception {
        InfluxTargetProvider p = new InfluxTargetProvider();
        java.util.List<io.dbharness.core.config.OptionDef> defs = new java.util.ArrayList<>(io.dbharness.core.engine.RunOptions.OPTIONS);
        defs.addAll(p.options());
        holder[0] = p.open(io.dbharness.core.config.Settings.resolve(defs, Map.of("influx-url",
                "http://127.0.0.1:" + server.getAddress().getPort(), "op-timeout", opTimeout), Map.of()));
        return holder[0].capability(TimeSeriesIngest.class).orElseThrow().openWriter(new SeriesSchema("m", MetricType.INT8, 1, 998));
    }

    private static RowBatch oneRow() {
        RowBatch b = new RowBatch(MetricType.INT8, 1, 1);
        b.setLong(b.addRow(1_650_272_400_000_000L, 1), 0, 1);
        return b;
    }

    @Test
    void aRetryAfterPastTheOpTimeoutFailsAtOnceForTheEngineToDecide() throws Exception {
        throttleLeft.set(1000);
        retryAfter = "30";
        TargetAdapter[] t = new TargetAdapter[1];
        try (BatchWriter w = writer(t, "2s")) {
            long t0 = System.nanoTime();
            TargetException e = assertThrows(TargetException.class, () -> w.write(oneRow()));
            assertEquals(TargetException.Kind.RETRYABLE, e.kind());
            assertTrue(System.nanoTime() - t0 < 1_500_000_000L, "not 30 s of waiting within a 2 s --op-timeout");
        } finally {
            t[0].close();
        }
    }

    @Test
    void aCancelEndsAThrottleWait() throws Exception {
        throttleLeft.set(1000);
        retryAfter = "10";
        TargetAdapter[] t = new TargetAdapter[1];
        try (BatchWriter w = writer(t, "60s")) {
            Thread canceller = new Thread(() -> {
                try {
                    Thread.sleep(300);
                } catch (InterruptedException ignored) {
                    return;
                }
                w.cancel();
            });
            long t0 = System.nanoTime();
            canceller.start();
            TargetException e = assertThrows(TargetException.class, () -> w.write(oneRow()));
            canceller.join();
            assertEquals("429", e.vendorCode());
            assertTrue(System.nanoTime() - t0 < 3_000_000_000L, "the cancel ended the 10 s wait");
        } finally {
            t[0].close();
        }
    }

    @Test
    void rejectedLineCounting() {
        assertEquals(2, InfluxErrors.rejectedLines("partial write: unable to parse 'a': x\nunable to parse 'b': y dropped=0"));
        assertEquals(7, InfluxErrors.rejectedLines("partial write: field type conflict: ... dropped=7"));
        assertEquals("boom", InfluxErrors.serverMessage("{\"code\":\"invalid\",\"message\":\"boom\"}"));
    }

    @Test
    void apiFromPingVersion() {
        assertEquals(InfluxApi.V1, InfluxApi.fromVersion("1.6.7~rc0").orElseThrow());
        assertEquals(InfluxApi.V2, InfluxApi.fromVersion("v2.7.1").orElseThrow());
        assertEquals(InfluxApi.V2, InfluxApi.fromVersion("3.0.0").orElseThrow());
        assertTrue(InfluxApi.fromVersion("").isEmpty());
    }
}
