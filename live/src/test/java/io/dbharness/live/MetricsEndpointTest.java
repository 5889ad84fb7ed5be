package io.dbharness.live;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A scrape the scraper breaks off mid-answer (as Prometheus does past its scrape_timeout) is counted, not logged: the
 * Prometheus client's default was a SEVERE record with a stack trace, on the run's stderr. The endpoint answers the
 * next scrape whole.
 */
@Timeout(60)
class MetricsEndpointTest {

    @Test
    void aScrapeBrokenOffMidAnswerIsCountedNotLoggedAndTheNextIsAnswered() throws Exception {
        LiveFigures figures = new LiveFigures();
        // about 20 MB of text: more than the sockets' buffers hold, so the answer is still being written at the reset
        String wide = "x".repeat(10_000);
        for (int i = 0; i < 2_000; i++) {
            figures.set(LiveFamilies.ELAPSED, Map.of("target", wide, "run_id", "r" + i), i);
        }
        List<LogRecord> logged = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                logged.add(r);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = Logger.getLogger("");
        root.addHandler(capture);
        try (MetricsEndpoint endpoint = MetricsEndpoint.start(InetSocketAddress.createUnresolved("127.0.0.1", 0),
                figures)) {
            try (Socket scraper = new Socket()) {
                scraper.setReceiveBufferSize(4096); // a small window: the answer cannot all be sent ahead
                scraper.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), endpoint.port()));
                scraper.getOutputStream().write("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                        .getBytes(StandardCharsets.US_ASCII));
                scraper.getInputStream().read(); // the answer has begun
                scraper.setSoLinger(true, 0); // closed with a reset, as a scraper that gave up
            }
            while (endpoint.failedScrapes() < 1) { // bounded by the test's timeout
                Thread.sleep(10);
            }
            HttpResponse<String> next = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                    "http://127.0.0.1:" + endpoint.port() + "/metrics")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, next.statusCode());
            assertEquals(2_000, next.body().lines().filter(l -> l.startsWith("dbharness_elapsed_seconds{")).count());
        } finally {
            root.removeHandler(capture);
        }
        assertEquals(List.of(), logged.stream().filter(r -> r.getLoggerName().startsWith("io.prometheus"))
                .map(r -> r.getLevel() + " " + r.getLoggerName() + ": " + r.getMessage()).toList());
    }
}
