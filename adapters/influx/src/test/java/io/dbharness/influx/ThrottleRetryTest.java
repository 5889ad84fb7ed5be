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
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

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
        java.util.List<io.dbharness.core.config.OptionDef> defs = new java.util.ArrayList<>(io.dbharness.core.config.RunOptions.OPTIONS);
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
        try (BatchWriter w = writer(t, "20s")) {
            long t0 = System.nanoTime();
            TargetException e = assertThrows(TargetException.class, () -> w.write(oneRow()));
            assertEquals(TargetException.Kind.RETRYABLE, e.kind());
            // at once, not after a wait until the 20 s --op-timeout (nor the 30 s asked for): a quarter of it
            assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(20) / 4, "not 30 s of waiting within a 20 s --op-timeout");
        } finally {
            t[0].close();
        }
    }

    @Test
    void aCancelEndsAThrottleWait() throws Exception {
        throttleLeft.set(1000);
        retryAfter = "30";
        TargetAdapter[] t = new TargetAdapter[1];
        try (BatchWriter w = writer(t, "60s")) {
            Thread writing = Thread.currentThread();
            AtomicLong cancelledAt = new AtomicLong();
            List<Throwable> failures = new CopyOnWriteArrayList<>();
            // the cancel once the writer waits as the 429 asked, not while it still posts (that cancel would end the
            // post instead), however long a loaded machine took to get there
            Thread canceller = new Thread(() -> {
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (Arrays.stream(writing.getStackTrace()).noneMatch(f -> f.getMethodName().equals("throttleWait"))) {
                    if (System.nanoTime() > until) {
                        failures.add(new AssertionError("the writer not in its throttle wait within 60 s"));
                        return;
                    }
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
                }
                cancelledAt.set(System.nanoTime());
                w.cancel();
            });
            canceller.start();
            TargetException e = assertThrows(TargetException.class, () -> w.write(oneRow()));
            long ended = System.nanoTime();
            canceller.join();
            assertTrue(failures.isEmpty(), failures.toString());
            assertEquals("429", e.vendorCode());
            // a quarter of the 30 s wait: many times what a cancel takes, and still fails a wait that ran its course
            assertTrue(ended - cancelledAt.get() < TimeUnit.SECONDS.toNanos(30) / 4, "the cancel ended the 30 s wait");
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
