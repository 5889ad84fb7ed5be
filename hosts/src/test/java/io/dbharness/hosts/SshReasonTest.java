package io.dbharness.hosts;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.channels.UnresolvedAddressException;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Why an SSH connection failed, in words: MINA's future's text is not shown. */
class SshReasonTest {

    @Test
    void aNameThatDoesNotResolveIsSaidSo() {
        IOException mina = new IOException("DefaultConnectFuture[root@nosuchhost.invalid/<unresolved>:22]: Failed"
                + " (UnresolvedAddressException) to execute: null", new UnresolvedAddressException());
        assertEquals("no address for its name", SshSource.reason(mina));
    }
}
