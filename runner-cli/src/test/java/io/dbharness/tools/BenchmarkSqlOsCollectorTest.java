package io.dbharness.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbharness.cli.CliRun;
import io.dbharness.core.measure.DeviceFilter;
import io.dbharness.core.measure.ProcText;
import io.dbharness.hosts.Sshd;
import io.dbharness.hosts.SshSourceProvider;
import io.dbharness.postgres.EmbeddedPostgres;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * MogDB's test page's properties file (seed 003) with BenchmarkSQL's OS collector lines switched on: the database
 * host named by {@code osCollectorSSHAddr} (Debian's sshd on a loopback port) is sampled over SSH every
 * {@code osCollectorInterval}, its devices as {@code osCollectorDevices} names them, and the result carries it.
 */
@Tag("server")
@Timeout(300)
class BenchmarkSqlOsCollectorTest {

    @RegisterExtension
    static final EmbeddedPostgres pg = new EmbeddedPostgres();

    @TempDir
    Path tmp;

    @Test
    void theOsCollectorLinesSampleTheDatabaseHostOverSsh() throws Exception {
        // this machine's first real disk: the host sampled is this machine
        String disk = ProcText.disks(Files.readString(Path.of("/proc/diskstats")), DeviceFilter::realDisk)
                .devices().keySet().iterator().next();
        try (Sshd sshd = Sshd.start()) {
            // the user's known_hosts already holds the database host's key, as for BenchmarkSQL's own ssh
            Files.writeString(sshd.clientDir().resolve("known_hosts"), sshd.knownHostsLine() + "\n");
            System.setProperty(SshSourceProvider.SSH_DIR_PROPERTY, sshd.clientDir().toString());
            System.setProperty(SshSourceProvider.AUTH_SOCK_PROPERTY, "");
            Path props = tmp.resolve("props.pg");
            String addr = sshd.spec().substring("ssh://".length()); // USER@127.0.0.1:PORT
            Files.writeString(props, BenchmarkSqlPropertiesTest.MOGDB
                    .replaceFirst("(?m)^conn=jdbc:postgresql://[^/]*/tpcc", Matcher.quoteReplacement("conn=" + pg.url()))
                    .replaceFirst("(?m)^user=.*$", "user=postgres").replaceFirst("(?m)^password=.*$", "password=unused")
                    .replaceFirst("(?m)^warehouses=.*$", "warehouses=1").replaceFirst("(?m)^loadWorkers=.*$", "loadWorkers=2")
                    .replaceFirst("(?m)^terminals=.*$", "terminals=2").replace("//osCollectorScript", "osCollectorScript")
                    + "osCollectorInterval=1\nosCollectorSSHAddr=" + addr + "\nosCollectorDevices=net_lo blk_" + disk + "\n");
            Path results = tmp.resolve("results");
            CliRun build = CliRun.of("runDatabaseBuild", props.toString(), "--", "--results", tmp.resolve("build").toString());
            assertEquals(0, build.exitCode(), build.err());
            CliRun run = CliRun.of("runBenchmark", props.toString(), "--", "--duration", "3s", "--results", results.toString());
            assertEquals(0, run.exitCode(), run.err());
            // the script is the one key without effect; beside it, the progress lines of every osCollectorInterval
            assertEquals(List.of("warning: BenchmarkSQL key 'osCollectorScript' in " + props + " has no effect here (the"
                    + " harness reads /proc itself: this host's always, osCollectorSSHAddr's over SSH)"),
                    run.err().lines().filter(l -> l.startsWith("warning:") || l.startsWith("error:")).toList());

            List<Path> files;
            try (Stream<Path> s = Files.list(results)) {
                files = s.filter(p -> p.toString().endsWith(".json")).toList();
            }
            assertEquals(1, files.size(), files.toString());
            JsonNode result = new ObjectMapper().readTree(files.get(0).toFile());
            JsonNode hosts = result.path("resources").path("serverHosts");
            assertEquals(1, hosts.size(), result.path("resources").toString());
            JsonNode h = hosts.get(0);
            assertEquals("127.0.0.1:" + sshd.port(), h.path("host").asText());
            assertEquals("ssh", h.path("source").asText());
            assertEquals("[\"" + disk + "\"]", h.path("disks").toString(), "blk_" + disk + " only");
            assertEquals("[\"lo\"]", h.path("interfaces").toString(), "net_lo only");
            assertTrue(h.path("mean").path("cpuUserPercent").asDouble() >= 0, h.toString());
            // sampled every osCollectorInterval (1 s): a 3-second run has intervals, each with the host
            JsonNode intervals = result.path("intervals");
            assertTrue(intervals.size() >= 2, intervals.toString());
            for (JsonNode i : intervals) {
                assertTrue(i.path("serverHosts").has(h.path("host").asText()), i.toString());
            }
        } finally {
            System.clearProperty(SshSourceProvider.SSH_DIR_PROPERTY);
            System.clearProperty(SshSourceProvider.AUTH_SOCK_PROPERTY);
        }
    }
}
