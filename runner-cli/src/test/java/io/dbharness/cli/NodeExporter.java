package io.dbharness.cli;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Debian's {@code prometheus-node-exporter} on a free loopback port for the runner's tests of {@code --server-hosts}
 * (the seeds' tables, the other tools' pass-through): this machine's own CPU, disks and network (loopback
 * included), as a database machine's agent would tell them. Stopped by {@link #close()}. A second copy of hosts' own
 * fixture of that name (written in parallel with it; that one is package-private, though hosts' test-jar is on this
 * module's test class path for its Sshd).
 */
public final class NodeExporter implements AutoCloseable {

    static final Path BINARY = Path.of("/usr/bin/prometheus-node-exporter");

    private final LoopbackServer server;
    private final int port;

    private NodeExporter(LoopbackServer server, int port) {
        this.server = server;
        this.port = port;
    }

    public static NodeExporter start() throws Exception {
        if (!Files.isExecutable(BINARY)) {
            throw new IllegalStateException(BINARY + " is missing: apt-get install prometheus-node-exporter");
        }
        int port = LoopbackServer.freePort();
        Path log = Files.createTempFile("dbharness-node-exporter", ".log");
        // lo exported too (node_exporter leaves it out by default): the database on this machine is reached over it
        LoopbackServer s = LoopbackServer.start("node_exporter", List.of(BINARY.toString(),
                        "--web.listen-address=127.0.0.1:" + port, "--collector.netdev.device-exclude=^$"), log,
                URI.create(url(port)), body -> body.contains("node_cpu_seconds_total"), Duration.ofSeconds(30));
        return new NodeExporter(s, port);
    }

    /** Its metrics' URL, as {@code --server-hosts} takes it. */
    public String url() {
        return url(port);
    }

    private static String url(int port) {
        return "http://127.0.0.1:" + port + "/metrics";
    }

    public int port() {
        return port;
    }

    @Override
    public void close() {
        server.close();
    }
}
