package io.dbharness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetAddress;
import java.net.ServerSocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A server host that cannot be sampled is one line and an exit code, before the run (the noop target: no server). */
@Timeout(120)
class ServerHostsCliTest {

    @Test
    void anUnreachableHostExits3AndABadSpecExits2InOneLine() throws Exception {
        int nobody;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            nobody = s.getLocalPort();
        }
        String url = "http://127.0.0.1:" + nobody + "/metrics";
        CliRun unreachable = CliRun.of("--target", "noop", "--duration", "1s", "--server-hosts", url);
        assertEquals(3, unreachable.exitCode(), unreachable.err());
        assertEquals("--server-hosts " + url + ": cannot read the host: connection to " + url + " refused",
                unreachable.oneLineError());
        assertTrue(!unreachable.out().contains("throughput"), "no run, no summary: " + unreachable.out());

        CliRun bad = CliRun.of("--target", "noop", "--server-hosts", "db1:9100");
        assertEquals(2, bad.exitCode(), bad.err());
        assertEquals("invalid value 'db1:9100' for --server-hosts: expected http[s]://HOST:PORT/metrics or"
                + " ssh://[USER@]HOST[:PORT]", bad.oneLineError());
    }
}
