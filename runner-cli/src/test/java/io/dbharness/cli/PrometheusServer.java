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
 * Debian's {@code prometheus} on a free loopback port, scraping one {@code --metrics-listen} endpoint every second,
 * for the tests of the live export. Stopped by {@link #close()}.
 */
final class PrometheusServer implements AutoCloseable {

    static final Path BINARY = Path.of("/usr/bin/prometheus");

    private final Process process;
    private final String api;

    private PrometheusServer(Process process, String api) {
        this.process = process;
        this.api = api;
    }

    /** Whether Debian's prometheus is installed (CI installs it): tests assume it. */
    static boolean installed() {
        return Files.isExecutable(BINARY);
    }

    /** A free port on this machine, for an endpoint to listen on. */
    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Started in {@code dir} (its config, data and log), scraping {@code 127.0.0.1:metricsPort}; ready when back. */
    static PrometheusServer start(Path dir, int metricsPort) throws Exception {
        if (Boolean.getBoolean("dbharness.quick")) {
            throw new IllegalStateException("./run-tests --quick starts no server: tag this test @Tag(\"server\")");
        }
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(config, """
                global:
                  scrape_interval: 1s
                  scrape_timeout: 1s
                scrape_configs:
                  - job_name: dbharness
                    static_configs:
                      - targets: ['127.0.0.1:%d']
                """.formatted(metricsPort));
        int port = freePort();
        Path log = dir.resolve("prometheus.log");
        Process p = new ProcessBuilder(BINARY.toString(), "--config.file=" + config,
                "--storage.tsdb.path=" + dir.resolve("prometheus-data"), "--web.listen-address=127.0.0.1:" + port)
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        PrometheusServer server = new PrometheusServer(p, "http://127.0.0.1:" + port);
        try {
            server.awaitReady(log);
        } catch (Exception | AssertionError x) {
            server.close();
            throw x;
        }
        return server;
    }

    /** Its HTTP API's base URL ({@code /api/v1/query} below it). */
    String api() {
        return api;
    }

    /** Until it answers ready (bounded by the test's timeout); its log when it ends before. */
    private void awaitReady(Path log) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        while (true) {
            if (!process.isAlive()) {
                throw new AssertionError("prometheus ended: " + Files.readString(log));
            }
            try {
                if (http.send(HttpRequest.newBuilder(URI.create(api + "/-/ready")).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(100);
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        process.waitFor();
    }
}
