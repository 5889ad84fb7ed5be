package io.dbharness.core.config;

import io.dbharness.core.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(30)
class HostOptionsTest {

    private static HostOptions of(Map<String, String> given) {
        return HostOptions.from(Settings.resolve(RunOptions.OPTIONS, given, Map.of()));
    }

    private static String refusal(String name, String value) {
        return assertThrows(UsageException.class, () -> of(Map.of(name, value))).getMessage();
    }

    @Test
    void specsAreReadInOrderWithTheDevicesAndTheSshOptions() {
        HostOptions o = of(Map.of("server-hosts", "http://127.0.0.1:9100/metrics, ssh://dba@db2:2222",
                "server-devices", "net_eth0 blk_sda", "ssh-identity", "/keys/id_ed25519", "ssh-accept-new-host-keys", "true"));
        assertEquals(List.of(URI.create("http://127.0.0.1:9100/metrics"), URI.create("ssh://dba@db2:2222")), o.hosts());
        assertEquals("net_eth0 blk_sda", o.devices());
        assertEquals(Optional.of(Path.of("/keys/id_ed25519")), o.sshIdentity());
        assertTrue(o.acceptNewHostKeys());
        HostOptions none = of(Map.of());
        assertEquals(List.of(), none.hosts());
        assertFalse(none.acceptNewHostKeys());
    }

    @Test
    void devicesWithoutServerHostsAreRefusedRatherThanIgnored() {
        assertEquals("--server-devices names devices of the --server-hosts, and none is given",
                refusal("server-devices", "sda,eth0"));
    }

    @Test
    void aSpecOfAnotherSchemeWithoutAHostOrTwiceIsRefusedInOneLine() {
        assertEquals("invalid value 'ftp://db1/x' for --server-hosts: expected http[s]://HOST:PORT/metrics or"
                + " ssh://[USER@]HOST[:PORT]", refusal("server-hosts", "ftp://db1/x"));
        assertEquals("invalid value 'db1:9100' for --server-hosts: expected http[s]://HOST:PORT/metrics or"
                + " ssh://[USER@]HOST[:PORT]", refusal("server-hosts", "db1:9100"));
        assertEquals("invalid value 'ssh://db1' for --server-hosts: expected each host once",
                refusal("server-hosts", "ssh://db1,ssh://db1"));
        assertTrue(refusal("server-hosts", " , ").startsWith("invalid value ' , ' for --server-hosts"));
        // one machine under two users would be two accounts of one name in the result
        assertEquals("invalid value 'ssh://*****@db1' for --server-hosts: expected each host once",
                refusal("server-hosts", "ssh://a@db1,ssh://b@db1"));
    }

    @Test
    void aPortOutOfRangeIsBadUsageAndAPasswordIsNeverRepeated() {
        assertEquals("invalid value 'http://127.0.0.1:99999/metrics' for --server-hosts: expected a port from 1 to"
                + " 65535", refusal("server-hosts", "http://127.0.0.1:99999/metrics"));
        assertEquals("invalid value 'ssh://db1:0' for --server-hosts: expected a port from 1 to 65535",
                refusal("server-hosts", "ssh://db1:0"));
        String http = refusal("server-hosts", "http://user:s3cret@db1:9100/metrics");
        assertEquals("--server-hosts http://user:*****@db1:9100/metrics: no password in a spec; node_exporter sources"
                + " send none", http);
        for (String spec : List.of("ssh://bob:s3cret@db1:99999", "http://u:s3cret@db1:9100/x y",
                "ftp://u:s3cret@db1/x", "ssh://bob:s3cret@db1, ssh://bob:s3cret@db1")) {
            String m = refusal("server-hosts", spec);
            assertFalse(m.contains("s3cret"), m);
            assertTrue(m.contains(":*****@db1"), m);
        }
        // a password in an ssh:// spec is left to the SSH source, which refuses it in its own words
        assertEquals(List.of(URI.create("ssh://bob:s3cret@db1")), of(Map.of("server-hosts", "ssh://bob:s3cret@db1")).hosts());
    }

    @Test
    void oneHostUnderTwoSpellingsIsOneHost() {
        // node_exporter's URL without a path reads /metrics: the same host sampled twice would count twice in all
        assertEquals("invalid value 'http://127.0.0.1:9100/metrics' for --server-hosts: expected each host once",
                refusal("server-hosts", "http://127.0.0.1:9100,http://127.0.0.1:9100/metrics"));
        assertEquals("invalid value 'http://DB1:80/metrics' for --server-hosts: expected each host once",
                refusal("server-hosts", "http://db1/metrics,http://DB1:80/metrics"));
        assertEquals("invalid value 'ssh://db1:22' for --server-hosts: expected each host once",
                refusal("server-hosts", "ssh://bob@db1,ssh://db1:22"));
        // one machine by two sources, or two exporters on two ports, are two accounts
        assertEquals(2, of(Map.of("server-hosts", "http://db1:9100/metrics,ssh://db1")).hosts().size());
        assertEquals(2, of(Map.of("server-hosts", "http://db1:9100/metrics,http://db1:9101/metrics")).hosts().size());
    }

    @Test
    void theyDoNotChangeTheDefaultRunGroupOfShards() {
        assertTrue(ShardOptions.PER_SHARD.containsAll(List.of("server-hosts", "server-devices", "ssh-identity",
                "ssh-accept-new-host-keys")), "one shard may sample the servers and the others not");
    }
}
