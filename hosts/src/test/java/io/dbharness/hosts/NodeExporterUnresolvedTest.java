package io.dbharness.hosts;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.URI;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A host name that does not resolve is said to be so, not "refused" (RFC 2606's .invalid never resolves). */
@Timeout(30)
class NodeExporterUnresolvedTest {

    @Test
    void aPortThatDoesNotSpeakHttpIsNoExporter() throws Exception {
        // an SSH server's port given by mistake: bad usage (2) as another page is, not an unreachable host (3)
        try (java.net.ServerSocket server = new java.net.ServerSocket(0, 5, java.net.InetAddress.getLoopbackAddress())) {
            Thread t = new Thread(() -> {
                try (java.net.Socket c = server.accept()) {
                    c.getOutputStream().write("SSH-2.0-OpenSSH_9.2p1\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                    c.getOutputStream().flush();
                    Thread.sleep(500);
                } catch (Exception ignored) {
                    // the test ends it
                }
            });
            t.start();
            String spec = "http://127.0.0.1:" + server.getLocalPort() + "/metrics";
            io.dbharness.core.api.UsageException e = assertThrows(io.dbharness.core.api.UsageException.class,
                    () -> NodeExporterSource.open(URI.create(spec)).close());
            assertEquals("--server-hosts " + spec + ": the answer is not a node_exporter's metrics (not HTTP: Invalid status"
                    + " line: \"SSH-2.0-OpenSSH_9.2p1\")", e.getMessage());
            t.join(5000);
        }
    }

    @Test
    void aNameThatDoesNotResolveIsNotARefusedConnection() {
        IOException e = assertThrows(IOException.class,
                () -> NodeExporterSource.open(URI.create("http://nosuchhost.invalid:9100/metrics")).close());
        assertEquals("host nosuchhost.invalid not found (no address for its name)", e.getMessage());
    }
}
