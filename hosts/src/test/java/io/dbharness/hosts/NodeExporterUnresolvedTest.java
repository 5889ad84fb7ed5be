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
    void aNameThatDoesNotResolveIsNotARefusedConnection() {
        IOException e = assertThrows(IOException.class,
                () -> NodeExporterSource.open(URI.create("http://nosuchhost.invalid:9100/metrics")).close());
        assertEquals("host nosuchhost.invalid not found (no address for its name)", e.getMessage());
    }
}
