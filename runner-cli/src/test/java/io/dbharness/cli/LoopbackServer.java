package io.dbharness.cli;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A Debian server the runner's tests start on loopback (node_exporter, prometheus): its process, its log, and
 * the wait until an HTTP URL of it answers as a ready one does. Stopped by {@link #close()}.
 */
final class LoopbackServer implements AutoCloseable {

    private final String name;
    private final Process process;
    private final Path log;

    private LoopbackServer(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /** A free port on this machine. */
    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /**
     * Starts {@code command}, its output appended to {@code log}, and waits until {@code ready} answers 200 with a
     * body {@code body} accepts, within {@code within} (null: the test's own timeout bounds it).
     */
    static LoopbackServer start(String name, List<String> command, Path log, URI ready, Predicate<String> body,
                                Duration within) throws Exception {
        if (Boolean.getBoolean("dbharness.quick")) { // ./run-tests --quick leaves out the tests tagged server
            throw new IllegalStateException("./run-tests --quick starts no server: tag this test @Tag(\"server\")");
        }
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        LoopbackServer server = new LoopbackServer(name, p, log);
        try {
            server.await(ready, body, within);
        } catch (Exception | AssertionError x) {
            server.close();
            throw x;
        }
        return server;
    }

    private void await(URI ready, Predicate<String> body, Duration within) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = within == null ? Long.MAX_VALUE : System.nanoTime() + within.toNanos();
        while (true) {
            if (!process.isAlive()) {
                throw new AssertionError(name + " ended: " + Files.readString(log));
            }
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(ready).GET().build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200 && body.test(r.body())) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(name + " did not answer on " + ready + " in " + within.toSeconds() + " s: "
                        + Files.readString(log));
            }
            Thread.sleep(100);
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
