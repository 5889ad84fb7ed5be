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

/**
 * Debian's {@code prometheus-node-exporter} on a free loopback port for the runner's tests of {@code --server-hosts}
 * (the seeds' tables, the other tools' pass-through): this machine's own CPU, disks and network (loopback
 * included), as a database machine's agent would tell them. Stopped by {@link #close()}. A second copy of hosts' own
 * fixture of that name (written in parallel with it; that one is package-private, though hosts' test-jar is on this
 * module's test class path for its Sshd).
 */
public final class NodeExporter implements AutoCloseable {

    static final Path BINARY = Path.of("/usr/bin/prometheus-node-exporter");

    private final Process process;
    private final int port;

    private NodeExporter(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    public static NodeExporter start() throws Exception {
        if (Boolean.getBoolean("dbharness.quick")) { // ./run-tests --quick leaves out the tests tagged server
            throw new IllegalStateException("./run-tests --quick starts no server: tag this test @Tag(\"server\")");
        }
        if (!Files.isExecutable(BINARY)) {
            throw new IllegalStateException(BINARY + " is missing: apt-get install prometheus-node-exporter");
        }
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path log = Files.createTempFile("dbharness-node-exporter", ".log");
        // lo exported too (node_exporter leaves it out by default): the database on this machine is reached over it
        Process p = new ProcessBuilder(BINARY.toString(), "--web.listen-address=127.0.0.1:" + port,
                "--collector.netdev.device-exclude=^$").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        NodeExporter e = new NodeExporter(p, port);
        try {
            e.awaitMetrics(log);
        } catch (Exception | AssertionError x) {
            e.close();
            throw x;
        }
        return e;
    }

    /** Its metrics' URL, as {@code --server-hosts} takes it. */
    public String url() {
        return "http://127.0.0.1:" + port + "/metrics";
    }

    public int port() {
        return port;
    }

    private void awaitMetrics(Path log) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            if (!process.isAlive()) {
                throw new AssertionError("node_exporter exited: " + Files.readString(log));
            }
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url())).GET().build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200 && r.body().contains("node_cpu_seconds_total")) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("node_exporter did not answer on " + url() + " in 30 s: " + Files.readString(log));
            }
            Thread.sleep(100);
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
