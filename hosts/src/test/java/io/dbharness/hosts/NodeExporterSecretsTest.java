package io.dbharness.hosts;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A password written into an exporter's URL reaches neither a refusal nor a host's stoppedWhy (which the result
 * keeps): the URL is named with it masked.
 */
class NodeExporterSecretsTest {

    @Test
    void anExportersUrlIsNamedWithItsPasswordMasked() throws Exception {
        int nobody = NodeExporter.freePort();
        IOException e = assertThrows(IOException.class, () -> new NodeExporterProvider()
                .open(URI.create("http://admin:s3cret@127.0.0.1:" + nobody + "/metrics"), null));
        assertEquals("connection to http://admin:*****@127.0.0.1:" + nobody + "/metrics refused", e.getMessage());
    }
}
