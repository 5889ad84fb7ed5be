package io.dbharness.http;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

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
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One worker's post of a line-protocol body to a loopback server that reads it and answers 204 at once: the
 * client's own cost per post, and what checking the kept-alive connection before each post would add
 * ({@code validateAfterIdleMillis=1}) against the default (checked after {@link HttpPoster#VALIDATE_AFTER_IDLE}
 * idle, never between back-to-back posts) and never ({@code -1}). Time per operation includes the
 * {@code gapMicros} away (and the timer slack of parking). In this package for HttpPoster's package-private constructor.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class HttpPosterBenchmark {

    /**
     * -1: never checked; 1: checked before every post idle for 1 ms or more (0 would mean never here: the
     * library's BasicHttpClientConnectionManager turns a zero idle time into "no deadline"); 1000: the default.
     */
    @Param({"-1", "1", "1000"})
    public long validateAfterIdleMillis;

    /** 5000 lines of 10 float8 metrics at 90 % empty are about 250 KB. */
    @Param({"262144"})
    public int bodyBytes;

    /**
     * Time away from the connection between two posts (a worker encodes its next batch meanwhile), in
     * microseconds; parked, so it takes no CPU from the rest. With 0 the posts follow each other within the
     * same millisecond, where the library's idle clock (milliseconds) sees no idle time at all; with 2000, as in
     * a real run, {@code validateAfterIdleMillis=1} really checks before every post.
     */
    @Param({"0", "2000"})
    public long gapMicros;

    private static final List<String> HEADERS = List.of("Content-Type: text/plain; charset=utf-8");
    private ServerSocket server;
    private HttpPoster poster;
    private byte[] body;

    @Setup(Level.Trial)
    public void start() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(this::serve, "bench-server");
        t.setDaemon(true);
        t.start();
        poster = new HttpPoster(URI.create("http://127.0.0.1:" + server.getLocalPort()), Duration.ofSeconds(5),
                Duration.ofSeconds(30), Duration.ofMillis(validateAfterIdleMillis), null);
        body = new byte[bodyBytes];
        Arrays.fill(body, (byte) 'x');
    }

    @TearDown(Level.Trial)
    public void stop() throws IOException {
        poster.close();
        server.close();
    }

    @Benchmark
    public int post() throws IOException {
        if (gapMicros > 0) {
            LockSupport.parkNanos(gapMicros * 1000); // away from the connection, as while encoding the next batch
        }
        return poster.post("/write?db=bench&precision=s", HEADERS, body, 0, body.length).status();
    }

    /** Reads each request (head, then Content-Length bytes) and answers 204, on every connection. */
    private void serve() {
        while (!server.isClosed()) {
            try (Socket s = server.accept()) {
                InputStream in = new BufferedInputStream(s.getInputStream(), 1 << 16);
                OutputStream out = s.getOutputStream();
                byte[] answer = "HTTP/1.1 204 No Content\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
                byte[] skip = new byte[1 << 16];
                for (long len; (len = head(in)) >= 0; ) {
                    while (len > 0) {
                        int n = in.read(skip, 0, (int) Math.min(skip.length, len));
                        if (n < 0) {
                            throw new IOException("body cut short");
                        }
                        len -= n;
                    }
                    out.write(answer);
                    out.flush();
                }
            } catch (IOException e) {
                // the client closed, or the benchmark ended
            }
        }
    }

    /** The request's Content-Length, or -1 at the end of the connection. */
    private static long head(InputStream in) throws IOException {
        long len = 0;
        StringBuilder line = new StringBuilder();
        boolean first = true;
        for (int c; (c = in.read()) >= 0; ) {
            if (c == '\n') {
                String l = line.toString().trim();
                if (l.isEmpty() && !first) {
                    return len;
                }
                if (l.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                    len = Long.parseLong(l.substring(15).trim());
                }
                first = false;
                line.setLength(0);
            } else {
                line.append((char) c);
            }
        }
        return -1;
    }
}
