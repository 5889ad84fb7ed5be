package io.dbharness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --metrics-listen}'s refusals: one line, exit 2, before anything runs. */
@Timeout(60)
class MetricsListenOptionTest {

    @Test
    void aValueThatIsNoHostAndPortIsRefused(@TempDir Path tmp) {
        for (String bad : new String[] {"9400", "localhost", "127.0.0.1:0", "127.0.0.1:70000", ":9400", "::1:9400"}) {
            CliRun run = CliRun.of("--target", "noop", "--duration", "1s", "--metrics-listen", bad,
                    "--results", tmp.toString());
            assertEquals(2, run.exitCode(), bad + ": " + run.err());
            assertEquals(1, run.err().strip().lines().count(), run.err());
            assertTrue(run.err().contains("--metrics-listen") && run.err().contains("HOST:PORT"), run.err());
        }
    }

    /** The URL printed at the start is one a browser or curl takes: an IPv6 address in brackets. */
    @Test
    void thePrintedUrlOfAnIpv6AddressHasItsBrackets() {
        assertEquals("http://[::1]:9400/metrics", LiveExport.url("::1", 9400));
        assertEquals("http://127.0.0.1:9400/metrics", LiveExport.url("127.0.0.1", 9400));
        assertEquals("http://db-host:9400/metrics", LiveExport.url("db-host", 9400));
    }

    @Test
    void aPortInUseIsRefusedBeforeTheRun(@TempDir Path tmp) throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CliRun run = CliRun.of("--target", "noop", "--duration", "1s", "--metrics-listen",
                    "127.0.0.1:" + taken.getLocalPort(), "--results", tmp.resolve("results").toString());
            assertEquals(2, run.exitCode(), run.err());
            assertEquals(1, run.err().strip().lines().count(), run.err());
            assertTrue(run.err().contains("--metrics-listen 127.0.0.1:" + taken.getLocalPort() + ": cannot listen there"),
                    run.err());
            assertFalse(Files.exists(tmp.resolve("results")) && Files.list(tmp.resolve("results")).findAny().isPresent(),
                    "nothing ran");
        }
    }

    @Test
    void aRunRefusedOnceTheEndpointListensEndsWithoutWaitingForAScrape(@TempDir Path tmp) throws Exception {
        CliRun run = CliRun.of("--target", "noop", "--tag-num", "-3", "--metrics-listen",
                "127.0.0.1:" + PrometheusServer.freePort(), "--results", tmp.toString());
        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains("--tag-num"), run.err());
        assertFalse(run.err().contains("last scrape"), "nothing ran: no end to serve\n" + run.err());
    }

    @Test
    void aHostNameThatDoesNotResolveIsRefused(@TempDir Path tmp) {
        CliRun run = CliRun.of("--target", "noop", "--duration", "1s", "--metrics-listen", "no-such-host.invalid:9400",
                "--results", tmp.toString());
        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains("--metrics-listen no-such-host.invalid:9400: the host name does not resolve"),
                run.err());
    }
}
