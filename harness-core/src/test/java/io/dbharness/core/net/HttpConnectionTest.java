package io.dbharness.core.net;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Against the JDK's own HTTP server: a real peer speaking HTTP/1.1 with keep-alive and chunked bodies. */
class HttpConnectionTest {

    private HttpServer server;
    private final List<byte[]> received = Collections.synchronizedList(new ArrayList<>());
    private final Set<String> peers = ConcurrentHashMap.newKeySet();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/write", ex -> {
            received.add(ex.getRequestBody().readAllBytes());
            peers.add(ex.getRemoteAddress().toString());
            assertEquals("text/plain", ex.getRequestHeaders().getFirst("Content-Type"));
            ex.sendResponseHeaders(204, -1);
            ex.close();
        });
        server.createContext("/reject", ex -> {
            ex.getRequestBody().readAllBytes();
            byte[] msg = "{\"error\":\"partial write: field type conflict\"}".getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Retry-After", "3");
            ex.sendResponseHeaders(400, 0); // chunked
            ex.getResponseBody().write(msg);
            ex.close();
        });
        server.createContext("/sized", ex -> {
            ex.getRequestBody().readAllBytes();
            byte[] msg = "too many requests".getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(429, msg.length);
            ex.getResponseBody().write(msg);
            ex.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private HttpConnection connection() {
        return new HttpConnection("127.0.0.1", server.getAddress().getPort(), Duration.ofSeconds(2), Duration.ofSeconds(5));
    }

    @Test
    void postsTheBufferSliceAndReusesTheConnection() throws IOException {
        byte[] buf = "xxm,tag_id=1 c0=1.5 1\nm,tag_id=2 c0=2 1\nyy".getBytes(StandardCharsets.UTF_8);
        try (HttpConnection c = connection()) {
            for (int i = 0; i < 5; i++) {
                HttpConnection.Response r = c.post("/write?db=x&precision=s", List.of("Content-Type: text/plain"), buf, 2, buf.length - 4);
                assertEquals(204, r.status());
                assertTrue(r.ok());
            }
        }
        assertEquals(5, received.size());
        for (byte[] body : received) {
            assertArrayEquals("m,tag_id=1 c0=1.5 1\nm,tag_id=2 c0=2 1\n".getBytes(StandardCharsets.UTF_8), body);
        }
        assertEquals(1, peers.size(), "one keep-alive connection for all posts");
    }

    @Test
    void readsChunkedAndSizedErrorBodiesAndHeaders() throws IOException {
        try (HttpConnection c = connection()) {
            HttpConnection.Response r = c.post("/reject", List.of(), new byte[] {'a'}, 0, 1);
            assertEquals(400, r.status());
            assertEquals("{\"error\":\"partial write: field type conflict\"}", r.body());
            assertEquals("3", r.header("Retry-After").orElseThrow());
            HttpConnection.Response s = c.post("/sized", List.of(), new byte[0], 0, 0);
            assertEquals(429, s.status());
            assertEquals("too many requests", s.body());
        }
    }

    @Test
    void reconnectsWhenTheServerDroppedTheIdleConnection() throws IOException {
        byte[] buf = "m c0=1 1\n".getBytes(StandardCharsets.UTF_8);
        try (HttpConnection c = connection()) {
            assertEquals(204, c.post("/write", List.of("Content-Type: text/plain"), buf, 0, buf.length).status());
            server.stop(0); // closes the idle keep-alive connection
            int port = server.getAddress().getPort();
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
            server.createContext("/write", ex -> {
                received.add(ex.getRequestBody().readAllBytes());
                ex.sendResponseHeaders(204, -1);
                ex.close();
            });
            server.start();
            assertEquals(204, c.post("/write", List.of("Content-Type: text/plain"), buf, 0, buf.length).status());
        }
        assertEquals(2, received.size());
    }

    @Test
    void refusedConnectionIsAnIOException() throws IOException {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        try (HttpConnection c = new HttpConnection("127.0.0.1", closed, Duration.ofSeconds(1), Duration.ofSeconds(1))) {
            assertThrows(java.net.ConnectException.class, () -> c.post("/write", List.of(), new byte[0], 0, 0));
        }
    }
}
