package io.dbharness.hosts;

import com.sun.net.httpserver.HttpServer;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Two specs that name one host ({@code /} resolves to {@code /metrics}) would give the result two accounts of the
 * same name and one sample per interval: the second is refused before the run, naming the first.
 */
class SameHostTwiceTest {

    @Test
    void twoSpecsOfOneHostAreRefused() throws Exception {
        byte[] body;
        try (InputStream in = SameHostTwiceTest.class.getResourceAsStream("/node-exporter-1.5.txt")) {
            body = in.readAllBytes();
        }
        HttpServer exporter = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        exporter.createContext("/metrics", x -> {
            x.sendResponseHeaders(200, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        exporter.start();
        try {
            String base = "http://127.0.0.1:" + exporter.getAddress().getPort();
            // the target is never reached: the server hosts are opened and refused first
            UsageException e = assertThrows(UsageException.class, () -> Harness.run(RunSpec.builder().target("postgres")
                    .workload("iot-insert").environment(Map.of()).option("url", "jdbc:postgresql://127.0.0.1:1/none")
                    .option("server-hosts", base + "/metrics," + base + "/").build()));
            // the option sees one host in both (a node_exporter answers on any path); the engine's own check, by the
            // names the sources give, stands behind it
            assertEquals("invalid value '" + base + "/' for --server-hosts: expected each host once", e.getMessage());
        } finally {
            exporter.stop(0);
        }
    }
}
