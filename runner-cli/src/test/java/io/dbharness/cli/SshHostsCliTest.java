package io.dbharness.cli;

import io.dbharness.hosts.Sshd;
import io.dbharness.hosts.SshSourceProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code runner --server-hosts ssh://...} as typed, against Debian's sshd on a loopback port: each refusal one line
 * and its exit code before anything runs, and no key's content or passphrase in what is printed or written.
 */
@Tag("server")
@Timeout(180)
class SshHostsCliTest {

    static Sshd sshd;

    @TempDir
    Path tmp;

    @BeforeAll
    static void start() throws Exception {
        sshd = Sshd.start();
    }

    @AfterAll
    static void stop() throws Exception {
        sshd.close();
    }

    @BeforeEach
    void isolate() {
        System.setProperty(SshSourceProvider.SSH_DIR_PROPERTY, sshd.clientDir().toString());
        System.setProperty(SshSourceProvider.AUTH_SOCK_PROPERTY, "");
    }

    @AfterEach
    void restore() {
        System.clearProperty(SshSourceProvider.SSH_DIR_PROPERTY);
        System.clearProperty(SshSourceProvider.AUTH_SOCK_PROPERTY);
    }

    private CliRun noop(String... more) {
        String[] base = {"--target", "noop", "--workload", "iot-insert", "--tag-num", "100", "--total-metrics-count", "2",
                "--ts-end", "2022-04-18 09:10:00", "--no-watch", "--results", tmp.resolve("results").toString(),
                "--server-hosts", sshd.spec()};
        String[] args = new String[base.length + more.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(more, 0, args, base.length, more.length);
        return CliRun.of(args);
    }

    @Test
    void refusalsAreOneLineWithTheirExitCodes() throws Exception {
        Files.deleteIfExists(sshd.clientDir().resolve("known_hosts"));
        CliRun unknown = noop();
        assertEquals(2, unknown.exitCode(), unknown.err());
        assertTrue(unknown.oneLineError().startsWith("--server-hosts " + sshd.spec() + ": its host key ssh-ed25519 SHA256:"),
                unknown.err());

        Path locked = Sshd.newKey(tmp, "locked", "correct horse");
        CliRun passphrase = noop("--ssh-accept-new-host-keys", "--ssh-identity", locked.toString());
        assertEquals(2, passphrase.exitCode(), passphrase.err());
        assertEquals("--ssh-identity " + locked + " is protected by a passphrase, which this harness never asks for:"
                + " load it into ssh-agent (ssh-add " + locked + ") or use a key without one", passphrase.oneLineError());

        Path other = Sshd.newKey(tmp, "other", "");
        CliRun refused = noop("--ssh-accept-new-host-keys", "--ssh-identity", other.toString());
        assertEquals(3, refused.exitCode(), refused.err());
        assertEquals("--server-hosts " + io.dbharness.core.config.Secrets.maskEmbedded(sshd.spec())
                + ": cannot read the host: the server refused " + other
                + " for user " + System.getProperty("user.name"), refused.oneLineError());
        assertFalse(Files.exists(tmp.resolve("results")) && Files.list(tmp.resolve("results")).findAny().isPresent(),
                "refused before the run: no result");
    }

    @Test
    void aRunWritesTheHostAndNoKeyMaterial() throws Exception {
        CliRun run = noop("--ssh-accept-new-host-keys", "--duration", "2s", "--watch-interval", "1s");
        assertEquals(0, run.exitCode(), run.err());
        Path result;
        try (var files = Files.list(tmp.resolve("results"))) {
            result = files.filter(p -> p.toString().endsWith(".json")).findFirst().orElseThrow();
        }
        String json = Files.readString(result);
        assertTrue(json.contains("\"source\" : \"ssh\"") || json.contains("\"source\":\"ssh\""), json);
        String key = Files.readString(sshd.clientDir().resolve("id_ed25519"));
        String secret = key.lines().filter(l -> !l.startsWith("-----")).findFirst().orElseThrow();
        for (String text : new String[] {json, run.out(), run.err()}) {
            assertFalse(text.contains(secret), "the private key's text is nowhere");
        }
    }
}
