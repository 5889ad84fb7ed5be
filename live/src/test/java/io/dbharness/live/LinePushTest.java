package io.dbharness.live;

import io.dbharness.core.result.MetricsPush;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A push to a port nobody listens on (refused at once: no timing involved): every push fails and is counted, the
 * failure is said once, the backlog keeps the newest points up to its bound and counts the rest as dropped.
 */
@Timeout(60)
class LinePushTest {

    @Test
    void failedPushesAreCountedSaidOnceAndTheirPointsKeptUpToTheBound() throws Exception {
        int nobody;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            nobody = s.getLocalPort();
        }
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        String url = "http://127.0.0.1:" + nobody + "/write?db=live";
        LinePush push = new LinePush(PushOptions.parse(url, ""), e, 5);
        for (int i = 0; i < 4; i++) {
            push.offer(List.of("m v=" + (3 * i) + " 1", "m v=" + (3 * i + 1) + " 2", "m v=" + (3 * i + 2) + " 3"));
            long before = i;
            awaitCount(push, before + 1); // each interval's push has failed before the next is offered
        }
        push.flush(Duration.ofSeconds(30));
        push.close();
        // 12 points offered, at most 5 kept at any time (7 dropped), none sent: all 12 unsent
        MetricsPush counts = push.counts();
        assertEquals(0, counts.sentPoints());
        assertEquals(12, counts.unsentPoints());
        assertEquals(counts.pushes(), counts.failedPushes());
        assertEquals(5, counts.failedPushes(), counts.toString()); // 4 offers and the flush
        String said = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, said.lines().count(), said);
        assertTrue(said.startsWith("warning: --metrics-push " + url + " failed ("), said);
    }

    /**
     * A server that sends a response's head and then never its body (a proxy or server that hangs mid-answer): the
     * push gives up after {@link LinePush#REQUEST_TIMEOUT}, counts the failure and says it, rather than waiting on
     * the body for ever and pushing nothing more for the rest of the run.
     */
    @Test
    void aServerThatHangsAfterItsResponsesHeadFailsThePushInsteadOfHoldingItForEver() throws Exception {
        List<Socket> held = new CopyOnWriteArrayList<>();
        try (ServerSocket server = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            Thread accepter = new Thread(() -> {
                try {
                    while (true) {
                        Socket s = server.accept();
                        held.add(s);
                        s.getOutputStream().write("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n"
                                .getBytes(StandardCharsets.US_ASCII));
                        s.getOutputStream().flush(); // and nothing more: the body never comes
                    }
                } catch (IOException closed) {
                    // the test is over
                }
            });
            accepter.setDaemon(true);
            accepter.start();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            String url = "http://127.0.0.1:" + server.getLocalPort() + "/write?db=live";
            LinePush push = new LinePush(PushOptions.parse(url, ""), new PrintStream(err, true, StandardCharsets.UTF_8), 5);
            push.offer(List.of("m v=1 1"));
            awaitCount(push, 1);
            push.close();
            MetricsPush counts = push.counts();
            assertEquals(0, counts.sentPoints(), counts.toString());
            assertEquals(1, counts.unsentPoints(), counts.toString());
            String said = err.toString(StandardCharsets.UTF_8);
            assertTrue(said.startsWith("warning: --metrics-push " + url + " failed (no answer within "
                    + LinePush.REQUEST_TIMEOUT.toSeconds() + " s)"), said);
        } finally {
            for (Socket s : held) {
                s.close();
            }
        }
    }

    /**
     * A server that answers 200 with a page (the wrong port: a web server, a proxy, the harness's own metrics
     * endpoint): nothing was written, so the push failed, and is said and counted so; InfluxDB answers 204.
     */
    @Test
    void aPageAnsweredWithTwoHundredIsNotAPushThatWentThrough() throws Exception {
        com.sun.net.httpserver.HttpServer page = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        page.createContext("/", x -> {
            byte[] html = "<html>hello</html>".getBytes(StandardCharsets.US_ASCII);
            x.getRequestBody().readAllBytes();
            x.getResponseHeaders().add("Content-Type", "text/html");
            x.sendResponseHeaders(200, html.length);
            x.getResponseBody().write(html);
            x.close();
        });
        page.start();
        try {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            String url = "http://127.0.0.1:" + page.getAddress().getPort() + "/write?db=live";
            LinePush push = new LinePush(PushOptions.parse(url, ""), new PrintStream(err, true, StandardCharsets.UTF_8), 5);
            push.offer(List.of("m v=1 1", "m v=2 2"));
            awaitCount(push, 1);
            push.close();
            MetricsPush counts = push.counts();
            assertEquals(0, counts.sentPoints(), counts.toString());
            assertEquals(2, counts.unsentPoints(), counts.toString());
            assertEquals(1, counts.failedPushes(), counts.toString());
            String said = err.toString(StandardCharsets.UTF_8);
            assertTrue(said.startsWith("warning: --metrics-push " + url + " failed (HTTP 200 (text/html) where an"
                    + " InfluxDB write answers 204: is this its write URL?)"), said);
        } finally {
            page.stop(0);
        }
    }

    /** Waits (bounded by the test's timeout) until {@code n} pushes have failed. */
    private static void awaitCount(LinePush push, long n) throws InterruptedException {
        while (push.counts().failedPushes() < n) {
            Thread.sleep(5);
        }
    }
}
