package io.dbharness.cli;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Debian's {@code prometheus} on a free loopback port, scraping one {@code --metrics-listen} endpoint every second,
 * for the tests of the live export. Stopped by {@link #close()}.
 */
final class PrometheusServer implements AutoCloseable {

    static final Path BINARY = Path.of("/usr/bin/prometheus");

    private final LoopbackServer server;
    private final String api;

    private PrometheusServer(LoopbackServer server, String api) {
        this.server = server;
        this.api = api;
    }

    /** Whether Debian's prometheus is installed (CI installs it): tests assume it. */
    static boolean installed() {
        return Files.isExecutable(BINARY);
    }

    /** A free port on this machine, for an endpoint to listen on. */
    static int freePort() throws IOException {
        return LoopbackServer.freePort();
    }

    /** Started in {@code dir} (its config, data and log), scraping {@code 127.0.0.1:metricsPort}; ready when back. */
    static PrometheusServer start(Path dir, int metricsPort) throws Exception {
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
        String api = "http://127.0.0.1:" + port;
        // ready: bounded by the test's own timeout
        LoopbackServer s = LoopbackServer.start("prometheus", List.of(BINARY.toString(), "--config.file=" + config,
                        "--storage.tsdb.path=" + dir.resolve("prometheus-data"), "--web.listen-address=127.0.0.1:" + port),
                dir.resolve("prometheus.log"), URI.create(api + "/-/ready"), body -> true, null);
        return new PrometheusServer(s, api);
    }

    /** Its HTTP API's base URL ({@code /api/v1/query} below it). */
    String api() {
        return api;
    }

    @Override
    public void close() {
        server.close();
    }
}
