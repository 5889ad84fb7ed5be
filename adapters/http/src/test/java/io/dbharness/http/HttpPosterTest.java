package io.dbharness.http;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Against scripted servers on raw loopback sockets: what the client reports and what the server received. */
class HttpPosterTest {

    private static final String SECRET = "Token s3cr3t-value";
    private static final List<String> HEADERS = List.of("Content-Type: text/plain; charset=utf-8",
            "Content-Encoding: gzip", "Authorization: " + SECRET);
    private static final String NO_CONTENT = "HTTP/1.1 204 No Content\r\n\r\n";
    private static final Duration SHORT = Duration.ofMillis(500);
    /**
     * A post cut at its deadline fails within ten times the deadline, slack enough for a machine many times slower;
     * what the tests tell it from ends after 30 s at the least (a connect timeout, an answer of a minute) or never.
     */
    private static final long WITHIN_MILLIS = 10 * SHORT.toMillis();
    /** The deadline of the posts that a cancel ends: a cancel that did not would end them only then. */
    private static final Duration LONG = Duration.ofSeconds(30);

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static HttpPoster poster(ScriptedServer s, Duration requestTimeout) {
        return new HttpPoster(s.uri(), Duration.ofSeconds(2), requestTimeout);
    }

    /** Answers every request on every connection with 204. */
    private static void answerAll(ScriptedServer.Conn c) throws IOException {
        while (c.readRequest() != null) {
            c.write(NO_CONTENT);
        }
    }

    private static HttpFailure postFails(HttpPoster p, byte[] body) {
        return assertThrows(HttpFailure.class, () -> p.post("/write", HEADERS, body, 0, body.length));
    }

    @Test
    void keepAliveSequenceOnOneConnectionSendsTheSliceAndTheHeaders() throws Exception {
        byte[] buf = bytes("xxm,tag_id=1 c0=1.5 1\nm,tag_id=2 c0=2 1\nyy");
        try (ScriptedServer s = new ScriptedServer(HttpPosterTest::answerAll); HttpPoster p = poster(s, SHORT)) {
            for (int i = 0; i < 5; i++) {
                Response r = p.post("/write?db=x&precision=s", HEADERS, buf, 2, buf.length - 4);
                assertEquals(204, r.status());
                assertTrue(r.ok());
            }
            assertEquals(1, s.connections(), "one keep-alive connection for all posts");
            assertEquals(5, s.bodiesReceived());
            for (ScriptedServer.Request r : s.requests()) {
                assertEquals("POST /write?db=x&precision=s HTTP/1.1", r.requestLine());
                assertArrayEquals(bytes("m,tag_id=1 c0=1.5 1\nm,tag_id=2 c0=2 1\n"), r.body());
                assertEquals("text/plain; charset=utf-8", r.header("Content-Type"));
                assertEquals("gzip", r.header("Content-Encoding"));
                assertEquals(SECRET, r.header("Authorization"));
                assertEquals(Integer.toString(buf.length - 4), r.header("Content-Length"));
            }
        }
    }

    @Test
    void emptyBodyIsPostedWithContentLengthZero() throws Exception {
        try (ScriptedServer s = new ScriptedServer(HttpPosterTest::answerAll); HttpPoster p = poster(s, SHORT)) {
            assertEquals(204, p.post("/write", List.of(), new byte[0], 0, 0).status());
            assertEquals("0", s.requests().get(0).header("Content-Length"));
        }
    }

    @Test
    void idleConnectionClosedByTheServerIsReplacedBeforeSending() throws Exception {
        // the server answers, then drops the connection as an idle timeout (or a restart) would
        byte[] body = bytes("m c0=1 1\n");
        try (ScriptedServer s = new ScriptedServer(c -> {
            if (c.readRequest() != null) {
                c.write(NO_CONTENT);
            }
        }); HttpPoster p = poster(s, Duration.ofSeconds(2))) {
            assertEquals(204, p.post("/write", HEADERS, body, 0, body.length).status());
            Thread.sleep(HttpPoster.VALIDATE_AFTER_IDLE.toMillis() + 200);
            assertEquals(204, p.post("/write", HEADERS, body, 0, body.length).status(), "no failure");
            assertEquals(2, s.connections());
            assertEquals(2, s.bodiesReceived(), "each body exactly once");
        }
    }

    @Test
    void answeredThenClosedWithoutAnswerIsSentOnceAndNotResent() throws Exception {
        // the review's case: 2 successful posts must leave exactly 2 bodies (plus the failed one, once) at the server
        byte[] body = bytes("m c0=1 1\n");
        try (ScriptedServer s = new ScriptedServer(c -> {
            if (c.index() == 0) {
                c.readRequest();
                c.write(NO_CONTENT);
                c.readRequest(); // read it whole, store it, and close without a word
            } else {
                answerAll(c);
            }
        }); HttpPoster p = poster(s, Duration.ofSeconds(2))) {
            assertEquals(204, p.post("/write", HEADERS, body, 0, body.length).status());
            HttpFailure f = postFails(p, body);
            assertTrue(f.requestSent(), "the whole request was written: its fate is unknown");
            assertFalse(f.timedOut());
            assertFalse(f.cancelled());
            assertFalse(f.connectFailed());
            Thread.sleep(300); // a resend, if any, would arrive now
            assertEquals(2, s.bodiesReceived(), "not resent");
            assertEquals(1, s.connections());
            assertEquals(204, p.post("/write", HEADERS, body, 0, body.length).status(), "the next post reconnects");
            assertEquals(3, s.bodiesReceived());
            assertEquals(2, s.connections());
        }
    }

    @Test
    void serverClosingBeforeReadingTheBodyMeansNotSent() throws Exception {
        byte[] big = new byte[32 << 20]; // more than the socket buffers hold: the write cannot finish unread
        try (ScriptedServer s = new ScriptedServer(c -> {
            c.readHead();
            c.close(); // unread data pending: the kernel answers with a reset
        }); HttpPoster p = poster(s, Duration.ofSeconds(10))) {
            HttpFailure f = postFails(p, big);
            assertFalse(f.requestSent(), f.getMessage());
            assertFalse(f.connectFailed());
            assertFalse(f.timedOut());
            assertEquals(0, s.bodiesReceived());
        }
    }

    @Test
    void refusedConnectionIsAConnectFailureWithNothingSent() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        try (HttpPoster p = new HttpPoster(URI.create("http://127.0.0.1:" + port), Duration.ofSeconds(1), SHORT)) {
            HttpFailure f = postFails(p, bytes("x"));
            assertTrue(f.connectFailed());
            assertFalse(f.requestSent());
            assertFalse(f.timedOut());
            assertInstanceOf(ConnectException.class, f.getCause(), "adapters map a ConnectException cause to 'refused'");
            assertTrue(f.getMessage().contains("connection refused"), f.getMessage());
        }
    }

    @Test
    void interimResponsesAreSkipped() throws Exception {
        try (ScriptedServer s = new ScriptedServer(c -> {
            c.readRequest();
            c.write("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 102 Processing\r\n\r\n"
                    + "HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n"
                    + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
            answerAll(c);
        }); HttpPoster p = poster(s, SHORT)) {
            Response r = p.post("/write", HEADERS, bytes("a"), 0, 1);
            assertEquals(200, r.status());
            assertEquals("ok", r.body());
            assertTrue(r.header("link").isEmpty(), "headers of the final response only");
            assertEquals(204, p.post("/write", HEADERS, bytes("b"), 0, 1).status(), "still in step");
            assertEquals(1, s.connections());
            assertEquals(2, s.bodiesReceived());
        }
    }

    @Test
    void connectionCloseAnswerEndsTheConnectionAndTheNextPostOpensANewOne() throws Exception {
        assertClientClosesAfter("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n", "");
    }

    @Test
    void http10AnswerWithoutKeepAliveEndsTheConnection() throws Exception {
        assertClientClosesAfter("HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok", "ok");
    }

    /** The server leaves the connection open after {@code answer}: the client must close it and reconnect. */
    private static void assertClientClosesAfter(String answer, String body) throws Exception {
        try (ScriptedServer s = new ScriptedServer(c -> {
            c.closeAtEnd = false;
            if (c.readRequest() != null) {
                c.write(answer);
                c.drainUntilClientCloses();
            }
        }); HttpPoster p = poster(s, SHORT)) {
            Response r = p.post("/write", HEADERS, bytes("a"), 0, 1);
            assertEquals(body, r.body());
            assertTrue(s.connection(0).awaitClientClose(30_000), "the client closed the first connection");
            assertTrue(p.post("/write", HEADERS, bytes("b"), 0, 1).ok(), "no failure");
            assertEquals(2, s.connections());
            assertEquals(2, s.bodiesReceived());
        }
    }

    @Test
    void chunkedBodyIsReadWholeAndTheConnectionReused() throws Exception {
        try (ScriptedServer s = new ScriptedServer(c -> {
            c.readRequest();
            c.write("HTTP/1.1 400 Bad Request\r\nTransfer-Encoding: chunked\r\nRetry-After: 3\r\n\r\n"
                    + "5\r\nhello\r\n6;ext=1\r\n world\r\n0\r\nX-Trailer: t\r\n\r\n");
            answerAll(c);
        }); HttpPoster p = poster(s, SHORT)) {
            Response r = p.post("/write", HEADERS, bytes("a"), 0, 1);
            assertEquals(400, r.status());
            assertFalse(r.ok());
            assertEquals("hello world", r.body());
            assertEquals("3", r.header("Retry-After").orElseThrow());
            assertEquals(204, p.post("/write", HEADERS, bytes("b"), 0, 1).status());
            assertEquals(1, s.connections());
        }
    }

    @Test
    void contentLengthBodyIsReadWholeAndTheConnectionReused() throws Exception {
        try (ScriptedServer s = new ScriptedServer(c -> {
            c.readRequest();
            c.write("HTTP/1.1 429 Too Many Requests\r\nContent-Length: 17\r\n\r\ntoo many requests");
            answerAll(c);
        }); HttpPoster p = poster(s, SHORT)) {
            Response r = p.post("/write", HEADERS, bytes("a"), 0, 1);
            assertEquals(429, r.status());
            assertEquals("too many requests", r.body());
            assertEquals(204, p.post("/write", HEADERS, bytes("b"), 0, 1).status());
            assertEquals(1, s.connections());
        }
    }

    @Test
    void bodyOverOneMebibyteIsKeptToOneMebibyteAndConsumed() throws Exception {
        int size = 3 << 20;
        byte[] big = new byte[size];
        Arrays.fill(big, (byte) 'x');
        try (ScriptedServer s = new ScriptedServer(c -> {
            c.readRequest();
            c.write("HTTP/1.1 500 Internal Server Error\r\nContent-Length: " + size + "\r\n\r\n");
            c.write(big);
            c.readRequest();
            c.write("HTTP/1.1 500 Internal Server Error\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + Integer.toHexString(size) + "\r\n");
            c.write(big);
            c.write("\r\n0\r\n\r\n");
            answerAll(c);
        }); HttpPoster p = poster(s, Duration.ofSeconds(5))) {
            assertEquals(Response.MAX_BODY_BYTES, p.post("/write", HEADERS, bytes("a"), 0, 1).body().length());
            assertEquals(Response.MAX_BODY_BYTES, p.post("/write", HEADERS, bytes("b"), 0, 1).body().length());
            assertEquals(204, p.post("/write", HEADERS, bytes("c"), 0, 1).status(), "the rest was consumed");
            assertEquals(1, s.connections());
        }
    }

    @Test
    void serverThatNeverReadsTimesOutWithinTheDeadline() throws Exception {
        byte[] big = new byte[32 << 20];
        try (ScriptedServer s = new ScriptedServer(HttpPosterTest::hang); HttpPoster p = poster(s, SHORT)) {
            long t0 = System.nanoTime();
            HttpFailure f = postFails(p, big);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(f.timedOut(), f.getMessage());
            assertFalse(f.requestSent());
            assertFalse(f.connectFailed());
            assertWithinDeadline(ms);
            assertEquals(0, s.bodiesReceived());
        }
    }

    @Test
    void serverThatNeverAnswersTimesOutWithinTheDeadline() throws Exception {
        try (ScriptedServer s = new ScriptedServer(c -> {
            c.readRequest();
            hang(c);
        }); HttpPoster p = poster(s, SHORT)) {
            long t0 = System.nanoTime();
            HttpFailure f = postFails(p, bytes("m c0=1 1\n"));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(f.timedOut());
            assertTrue(f.requestSent(), "the server has it: it may have stored it");
            assertWithinDeadline(ms);
            Thread.sleep(200);
            assertEquals(1, s.bodiesReceived(), "not resent");
            assertEquals(1, s.connections());
        }
    }

    @Test
    void slowAnswerTimesOutWithinTheDeadline() throws Exception {
        // a byte every 50 ms: never a read timeout, but the whole answer would take a minute
        byte[] answer = bytes("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n" + "x".repeat(1000));
        try (ScriptedServer s = new ScriptedServer(c -> {
            c.readRequest();
            for (byte b : answer) {
                c.write(new byte[] {b});
                Thread.sleep(50);
            }
        }); HttpPoster p = poster(s, SHORT)) {
            long t0 = System.nanoTime();
            HttpFailure f = postFails(p, bytes("a"));
            assertTrue(f.timedOut());
            assertTrue(f.requestSent());
            assertWithinDeadline((System.nanoTime() - t0) / 1_000_000);
        }
    }

    @Test
    void connectThatNeverCompletesTimesOutWithinTheDeadline() throws Exception {
        // a listener whose accept queue is full drops new SYNs: the connect hangs
        try (ServerSocket full = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<Socket> fillers = new ArrayList<>();
            boolean hangs = false;
            try {
                for (int i = 0; i < 10 && !hangs; i++) {
                    Socket f = new Socket();
                    fillers.add(f);
                    try {
                        f.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), full.getLocalPort()), 300);
                    } catch (SocketTimeoutException e) {
                        hangs = true;
                    }
                }
                assumeTrue(hangs, "this kernel does not drop SYNs on a full accept queue");
                try (HttpPoster p = new HttpPoster(URI.create("http://127.0.0.1:" + full.getLocalPort()),
                        Duration.ofSeconds(30), SHORT)) {
                    long t0 = System.nanoTime();
                    HttpFailure f = postFails(p, bytes("a"));
                    assertTrue(f.timedOut(), f.getMessage());
                    assertTrue(f.connectFailed());
                    assertFalse(f.requestSent());
                    assertWithinDeadline((System.nanoTime() - t0) / 1_000_000);
                }
            } finally {
                for (Socket f : fillers) {
                    f.close();
                }
            }
        }
    }

    @Test
    void cancelFromAnotherThreadEndsAStalledReadAtOnce() throws Exception {
        try (ScriptedServer s = new ScriptedServer(c -> {
            c.readRequest();
            hang(c);
        }); HttpPoster p = poster(s, LONG)) {
            // the server has the whole request: the post now waits for the answer
            HttpFailure f = cancelledOnce(p, bytes("a"), () -> s.bodiesReceived() == 1);
            assertTrue(f.requestSent());
            assertEquals(1, s.bodiesReceived());
        }
    }

    @Test
    void cancelFromAnotherThreadEndsAStalledWriteAtOnce() throws Exception {
        try (ScriptedServer s = new ScriptedServer(HttpPosterTest::hang); HttpPoster p = poster(s, LONG)) {
            // connected: the post now writes 32 MiB that the server never reads
            HttpFailure f = cancelledOnce(p, new byte[32 << 20], () -> s.connections() == 1);
            assertFalse(f.requestSent());
            assertEquals(0, s.bodiesReceived());
        }
    }

    /**
     * Posts {@code body}, which stalls; cancels from another thread once {@code stalled} holds (a cancel before
     * the post is under way does nothing), however long a loaded machine took to get there.
     */
    private static HttpFailure cancelledOnce(HttpPoster p, byte[] body, BooleanSupplier stalled) throws Exception {
        AtomicReference<Long> cancelledAt = new AtomicReference<>();
        Thread canceller = new Thread(() -> {
            long until = System.nanoTime() + LONG.toNanos();
            while (!stalled.getAsBoolean() && System.nanoTime() < until) {
                java.util.concurrent.locks.LockSupport.parkNanos(5_000_000L);
            }
            cancelledAt.set(System.nanoTime());
            p.cancel();
        });
        canceller.start();
        HttpFailure f = postFails(p, body);
        long ended = System.nanoTime();
        canceller.join();
        assertTrue(f.cancelled(), f.getMessage());
        assertFalse(f.timedOut());
        // at once: a quarter of the deadline is many times what a cancel takes, and fails one left to the deadline
        long after = (ended - cancelledAt.get()) / 1_000_000;
        assertTrue(after < LONG.toMillis() / 4, "ended " + after + " ms after cancel()");
        return f;
    }

    @Test
    void afterAFailureTheNextPostWorksOnANewConnection() throws Exception {
        try (ScriptedServer s = new ScriptedServer(c -> {
            if (c.index() == 0) {
                c.readRequest();
                hang(c);
            } else {
                answerAll(c);
            }
        }); HttpPoster p = poster(s, SHORT)) {
            assertTrue(postFails(p, bytes("a")).timedOut());
            assertEquals(204, p.post("/write", HEADERS, bytes("b"), 0, 1).status());
            assertEquals(2, s.connections());
        }
    }

    @Test
    void credentialsAppearInNoMessage() throws Exception {
        List<HttpFailure> failures = new ArrayList<>();
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        try (HttpPoster p = new HttpPoster(URI.create("http://127.0.0.1:" + port), Duration.ofSeconds(1), SHORT)) {
            failures.add(postFails(p, bytes("a")));
            assertFalse(p.toString().contains("s3cr3t"));
        }
        try (ScriptedServer s = new ScriptedServer(c -> {
            c.readRequest();
            if (c.index() == 0) {
                hang(c);
            } // later connections: closed without an answer
        }); HttpPoster p = poster(s, SHORT)) {
            failures.add(postFails(p, bytes("a")));
            failures.add(postFails(p, bytes("b")));
        }
        assertEquals(3, failures.size());
        for (HttpFailure f : failures) {
            for (Throwable t = f; t != null; t = t.getCause()) {
                assertFalse(String.valueOf(t).contains("s3cr3t"), t.toString());
                assertFalse(String.valueOf(t.getMessage()).contains("s3cr3t"), t.toString());
            }
        }
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> {
            try (HttpPoster p = new HttpPoster(URI.create("http://127.0.0.1:" + port), Duration.ofSeconds(1), SHORT)) {
                p.post("/write", List.of("Bearer s3cr3t-value"), new byte[0], 0, 0);
            }
        });
        assertFalse(bad.getMessage().contains("s3cr3t"), bad.getMessage());
    }

    @Test
    void credentialsAreMaskedInTheLibrarysHeaderLog() throws Exception {
        // surefire turns on org.apache.hc.client5.http.headers at debug, into this file (see the pom)
        java.nio.file.Path log = java.nio.file.Path.of(System.getProperty("org.slf4j.simpleLogger.logFile"));
        try (ScriptedServer s = new ScriptedServer(HttpPosterTest::answerAll); HttpPoster p = poster(s, SHORT)) {
            p.post("/write", HEADERS, bytes("a"), 0, 1);
            assertEquals(SECRET, s.requests().get(0).header("Authorization"), "sent as it is");
        }
        String text = java.nio.file.Files.readString(log);
        assertTrue(text.contains(">> Authorization: (masked)"), "the header log is on: " + text.length() + " chars");
        assertTrue(text.contains(">> Content-Encoding: gzip"));
        assertFalse(text.contains("s3cr3t"));
    }

    @Test
    void argumentsAreChecked() {
        Duration d = Duration.ofSeconds(1);
        assertThrows(IllegalArgumentException.class, () -> new HttpPoster(URI.create("ftp://h:1"), d, d));
        IllegalArgumentException user = assertThrows(IllegalArgumentException.class,
                () -> new HttpPoster(URI.create("http://admin:pw@h:1"), d, d));
        assertFalse(user.getMessage().contains("pw"));
        assertThrows(IllegalArgumentException.class, () -> new HttpPoster(URI.create("http://h:1"), Duration.ZERO, d));
        assertThrows(IllegalArgumentException.class, () -> new HttpPoster(URI.create("http://h:1"), d, Duration.ofSeconds(-1)));
        // the library would read a zero idle time as "never check"
        assertThrows(IllegalArgumentException.class, () -> new HttpPoster(URI.create("http://h:1"), d, d, Duration.ZERO, null));
        HttpPoster p = new HttpPoster(URI.create("http://127.0.0.1:9"), d, d);
        assertThrows(IllegalArgumentException.class, () -> p.post("write", List.of(), new byte[1], 0, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> p.post("/write", List.of(), new byte[1], 1, 1));
        assertThrows(IllegalArgumentException.class, () -> p.post("/write", List.of("Content-Length: 1"), new byte[1], 0, 1));
        assertThrows(IllegalArgumentException.class, () -> p.post("/write", List.of("X: a\r\nY: b"), new byte[1], 0, 1));
        assertEquals("HttpPoster[http://127.0.0.1:9]", p.toString());
        p.close();
        assertThrows(IllegalStateException.class, () -> p.post("/write", List.of(), new byte[1], 0, 1));
    }

    @Test
    void responseRecordIsValidated() {
        Response r = new Response(204, java.util.Map.of("Retry-After", "3"), "");
        assertEquals("3", r.header("retry-after").orElseThrow());
        assertEquals(java.util.Set.of("retry-after"), r.headers().keySet());
        assertThrows(IllegalArgumentException.class, () -> new Response(42, java.util.Map.of(), ""));
        assertThrows(NullPointerException.class, () -> new Response(200, java.util.Map.of(), null));
    }

    private static void assertWithinDeadline(long ms) {
        assertTrue(ms >= SHORT.toMillis() - 50, "failed after " + ms + " ms, before the deadline");
        assertTrue(ms < WITHIN_MILLIS, "failed after " + ms + " ms, deadline " + SHORT.toMillis());
    }

    /** Holds the connection open without reading or writing until the test ends. */
    private static void hang(ScriptedServer.Conn c) throws InterruptedException {
        while (!c.socket.isClosed()) {
            Thread.sleep(20);
        }
    }
}
