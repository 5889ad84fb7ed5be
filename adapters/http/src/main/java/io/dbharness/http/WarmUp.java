package io.dbharness.http;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * Runs the post path a few thousand times against a throw-away peer on loopback, once per JVM, when the first
 * {@link HttpPoster} is made. Writers are made before the clock starts, and a default run is only about a
 * hundred posts: without this, most of them ran cold (class loading, interpreted library code), which measured
 * about 90 ms of extra client CPU per run, some 4 % of a 2.5 s influx run at one worker, and the JIT's second
 * tier compiled the library's header code on the clock, on a core the database needs. Nothing reaches the
 * target.
 */
final class WarmUp {

    /**
     * Measured on influx runs at 2 workers (JIT log and per-thread CPU inside the clock): with 1500 warm-up posts
     * the methods called a few times a post (header parsing and formatting) crossed the C2 threshold on the
     * clock, 110-180 ms of compiler CPU per run against 30-40 ms for the old hand-written client; with 6000 it
     * is 30-90 ms. 400 posts had left the client itself at twice the old client's CPU a post. About 0.65 s (0.45
     * s of CPU) once per JVM, before the clock.
     */
    static final int POSTS = 6000;
    /** A slow machine stops warming up after this long: a colder start costs speed, not correctness. */
    private static final long MAX_NANOS = 2_000_000_000L;
    private static final List<String> HEADERS = List.of("Content-Type: text/plain; charset=utf-8");
    private static final byte[] ANSWER = ("HTTP/1.1 204 No Content\r\nContent-Type: application/json\r\n"
            + "Request-Id: 00000000-0000-0000-0000-000000000000\r\nX-Warm-Up: 1\r\n\r\n")
            .getBytes(StandardCharsets.ISO_8859_1);
    private static boolean done;

    private WarmUp() {
    }

    static synchronized void once() {
        if (done) {
            return;
        }
        done = true;
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread peer = new Thread(() -> answer(server), "dbharness-http-warm-up");
            peer.setDaemon(true);
            peer.start();
            byte[] body = new byte[256];
            try (HttpPoster p = new HttpPoster(URI.create("http://127.0.0.1:" + server.getLocalPort()),
                    Duration.ofSeconds(2), Duration.ofSeconds(5), HttpPoster.VALIDATE_AFTER_IDLE, null, false)) {
                long until = System.nanoTime() + MAX_NANOS;
                for (int i = 0; i < POSTS && System.nanoTime() - until < 0; i++) {
                    p.post("/warm-up", HEADERS, body, 0, body.length);
                }
            }
        } catch (IOException | RuntimeException e) {
            // a warm-up only saves time: without it the first posts of a run are slower, never wrong
        }
    }

    /** Answers 204 to every request on one connection, until the poster closes it. */
    private static void answer(ServerSocket server) {
        try (Socket s = server.accept()) {
            InputStream in = new BufferedInputStream(s.getInputStream(), 1 << 14);
            OutputStream out = s.getOutputStream();
            for (long len; (len = head(in)) >= 0; ) {
                in.skipNBytes(len);
                out.write(ANSWER);
                out.flush();
            }
        } catch (IOException e) {
            // the poster went away
        }
    }

    /** Reads a request head; returns its Content-Length (0 without one), or -1 at the end of the connection. */
    private static long head(InputStream in) throws IOException {
        long len = 0;
        StringBuilder line = new StringBuilder(64);
        boolean any = false;
        for (int c; (c = in.read()) >= 0; ) {
            if (c != '\n') {
                line.append((char) c);
                continue;
            }
            int end = line.length() > 0 && line.charAt(line.length() - 1) == '\r' ? line.length() - 1 : line.length();
            if (end == 0 && any) {
                return len;
            }
            if (end > 15 && line.substring(0, 15).equalsIgnoreCase("content-length:")) {
                len = Long.parseLong(line.substring(15, end).trim());
            }
            any = true;
            line.setLength(0);
        }
        return -1;
    }
}
