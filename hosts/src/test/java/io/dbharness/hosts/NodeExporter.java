package io.dbharness.hosts;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Debian's {@code prometheus-node-exporter} (installed by {@code .ci/run}), started by a test on a free loopback
 * port and ready when its {@code /metrics} answers; {@link #close()} ends it.
 */
final class NodeExporter implements AutoCloseable {

    static final String BINARY = "/usr/bin/prometheus-node-exporter";

    private final Process process;
    final int port;

    private NodeExporter(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static NodeExporter start() throws IOException, InterruptedException {
        if (!Files.isExecutable(Path.of(BINARY))) {
            throw new IllegalStateException(BINARY + " is missing: apt-get install -y prometheus-node-exporter (.ci/run does)");
        }
        int port = freePort();
        // lo too: node_exporter leaves it out by default, and a server on this machine talks to us through it
        Process p = new ProcessBuilder(BINARY, "--web.listen-address=127.0.0.1:" + port,
                "--collector.netdev.device-exclude=^$")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        NodeExporter e = new NodeExporter(p, port);
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long until = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            try {
                HttpResponse<Void> r = client.send(HttpRequest.newBuilder(e.url()).GET().build(),
                        HttpResponse.BodyHandlers.discarding());
                if (r.statusCode() == 200) {
                    return e;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            if (!p.isAlive() || System.nanoTime() > until) {
                e.close();
                throw new IllegalStateException("node_exporter did not come up on port " + port
                        + (p.isAlive() ? "" : " (it exited with " + p.exitValue() + ")"));
            }
            Thread.sleep(50);
        }
    }

    URI url() {
        return URI.create("http://127.0.0.1:" + port + "/metrics");
    }

    /** Kills it at once, as a machine that goes away: what it was asked is never answered. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() throws InterruptedException {
        kill();
    }
}
