package io.dbharness.hosts;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.HostOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.measure.HostReading;
import io.dbharness.core.measure.HostSource;
import io.dbharness.core.measure.ProcText;
import io.dbharness.core.result.HostSample;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The SSH source against Debian's real sshd on a loopback port ({@link Sshd}): /proc read as the client host reads
 * its own, the host key checked against known_hosts (unknown, accepted as new, hashed, changed), keys refused,
 * passphrases left to an agent, a host killed mid-run.
 */
@Tag("server")
@Timeout(120)
class SshSourceTest {

    private static Sshd sshd;

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
    void isolate() throws IOException {
        Files.deleteIfExists(sshd.clientDir().resolve("known_hosts"));
        System.setProperty(SshSourceProvider.SSH_DIR_PROPERTY, sshd.clientDir().toString());
        System.setProperty(SshSourceProvider.AUTH_SOCK_PROPERTY, ""); // no agent of the machine's
    }

    @AfterEach
    void restore() {
        System.clearProperty(SshSourceProvider.SSH_DIR_PROPERTY);
        System.clearProperty(SshSourceProvider.AUTH_SOCK_PROPERTY);
    }

    private static HostSource open(String spec, String... options) throws IOException {
        Map<String, String> given = new HashMap<>();
        for (int i = 0; i < options.length; i += 2) {
            given.put(options[i], options[i + 1]);
        }
        return new SshSourceProvider().open(URI.create(spec), Settings.resolve(HostOptions.OPTIONS, given, Map.of()));
    }

    private static String refusal(Class<? extends Exception> type, String spec, String... options) {
        String m = assertThrows(type, () -> open(spec, options).close()).getMessage();
        assertFalse(m.contains("\n"), m);
        return m;
    }

    @Test
    void readsTheHostsProcAsTheClientHostReadsItsOwn() throws Exception {
        try (HostSource source = open(sshd.spec(), "ssh-accept-new-host-keys", "true")) {
            assertEquals("127.0.0.1:" + sshd.port(), source.host());
            assertEquals("ssh", source.kind());
            HostReading first = source.read();
            // this machine, read over SSH and from /proc here: the same cores, memory, disks and interfaces
            ProcText.Cpu here = ProcText.cpu(Files.readString(Path.of("/proc/stat")));
            assertEquals(here.cores(), first.cpu().cores());
            assertEquals(ProcText.memory(Files.readString(Path.of("/proc/meminfo"))).totalBytes(), first.memory().totalBytes());
            assertEquals(ProcText.disks(Files.readString(Path.of("/proc/diskstats")), n -> true).devices().keySet(),
                    first.disks().devices().keySet());
            assertEquals(ProcText.network(Files.readString(Path.of("/proc/net/dev")), n -> true).interfaces().keySet(),
                    first.network().interfaces().keySet());
            assertTrue(first.network().interfaces().containsKey("lo"), "every interface: the filter is the engine's");
            // counters only grow: a second reading gives figures, none unknown
            HostReading second = source.read();
            while (second.cpu().totalTicks() == first.cpu().totalTicks()) {
                Thread.sleep(20);
                second = source.read();
            }
            HostSample s = second.since(first);
            assertTrue(s.cpuUserPercent() >= 0 && s.cpuUserPercent() + s.cpuSystemPercent() <= 100.0001, s.toString());
            assertTrue(s.diskWritesPerSecond() >= 0 && s.netReceiveMegabytesPerSecond() >= 0, s.toString());
        }
    }

    @Test
    void anUnknownHostKeyIsRefusedUnlessAcceptedAsNew() throws Exception {
        Path knownHosts = sshd.clientDir().resolve("known_hosts");
        String m = refusal(UsageException.class, sshd.spec());
        assertTrue(m.matches("--server-hosts ssh://\\w+@127\\.0\\.0\\.1:\\d+: its host key ssh-ed25519 SHA256:\\S+ is not in "
                + java.util.regex.Pattern.quote(knownHosts.toString())
                + ": check it and add it \\(ssh-keyscan, or once with --ssh-accept-new-host-keys\\)"), m);
        assertFalse(Files.exists(knownHosts), "nothing written without --ssh-accept-new-host-keys");

        open(sshd.spec(), "ssh-accept-new-host-keys", "true").close();
        String line = Files.readString(knownHosts).strip();
        assertEquals(sshd.knownHostsLine(), line);
        open(sshd.spec()).close(); // known now: no flag needed
    }

    @Test
    void aNewHostKeyIsRememberedWhereNoSshDirectoryExistsYet() throws Exception {
        // OpenSSH's accept-new makes ~/.ssh (0700) and known_hosts; without them the key was accepted, never kept
        Path dir = tmp.resolve("home/.ssh");
        System.setProperty(SshSourceProvider.SSH_DIR_PROPERTY, dir.toString());
        String identity = sshd.clientDir().resolve("id_ed25519").toString();
        open(sshd.spec(), "ssh-accept-new-host-keys", "true", "ssh-identity", identity).close();
        assertEquals(sshd.knownHostsLine(), Files.readString(dir.resolve("known_hosts")).strip());
        assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(dir)));
        open(sshd.spec(), "ssh-identity", identity).close(); // known now: no flag needed
    }

    @Test
    void aHashedKnownHostsEntryIsRead() throws Exception {
        Path knownHosts = sshd.clientDir().resolve("known_hosts");
        Files.writeString(knownHosts, sshd.knownHostsLine() + "\n");
        Sshd.run(List.of("ssh-keygen", "-q", "-H", "-f", knownHosts.toString()));
        assertTrue(Files.readString(knownHosts).startsWith("|1|"), Files.readString(knownHosts));
        open(sshd.spec()).close();
    }

    @Test
    void aChangedHostKeyIsRefusedEvenWithAcceptNew() throws Exception {
        Path knownHosts = sshd.clientDir().resolve("known_hosts");
        open(sshd.spec(), "ssh-accept-new-host-keys", "true").close();
        String before = Files.readString(knownHosts);
        sshd.newHostKey();
        String m = refusal(UsageException.class, sshd.spec(), "ssh-accept-new-host-keys", "true");
        assertTrue(m.matches("--server-hosts ssh://\\w+@127\\.0\\.0\\.1:\\d+: its host key CHANGED: it offers ssh-ed25519 SHA256:\\S+, "
                + java.util.regex.Pattern.quote(knownHosts.toString()) + " holds ssh-ed25519 SHA256:\\S+ for it; refused"
                + " \\(if the host was reinstalled: ssh-keygen -R '\\[127\\.0\\.0\\.1\\]:" + sshd.port()
                + "', then accept the new key\\)"), m);
        assertEquals(before, Files.readString(knownHosts), "the old entry is kept");
    }

    @Test
    void aKeyTheServerRefusesIsSaidInOneLine() throws Exception {
        Path other = Sshd.newKey(tmp, "other", "");
        String m = refusal(IOException.class, sshd.spec(), "ssh-accept-new-host-keys", "true", "ssh-identity", other.toString());
        assertEquals("the server refused " + other + " for user " + System.getProperty("user.name"), m);

        String missing = refusal(UsageException.class, sshd.spec(), "ssh-identity", tmp.resolve("nope").toString());
        assertEquals("--ssh-identity " + tmp.resolve("nope") + ": no such readable file", missing);

        // no key at all: an empty SSH directory and no agent
        System.setProperty(SshSourceProvider.SSH_DIR_PROPERTY, tmp.toString());
        Files.writeString(tmp.resolve("known_hosts"), sshd.knownHostsLine() + "\n");
        Files.delete(other);
        assertEquals("no key to log in as " + System.getProperty("user.name") + " with: none of id_ed25519,"
                + " id_ecdsa, id_rsa in " + tmp + " is usable and there is no agent (SSH_AUTH_SOCK); name a key with"
                + " --ssh-identity FILE", refusal(IOException.class, sshd.spec()));
    }

    @Test
    void aKeyWithAPassphraseIsUsedThroughTheAgentOnly() throws Exception {
        Path locked = Sshd.newKey(tmp, "locked", "correct horse");
        sshd.authorize(locked);
        assertEquals("--ssh-identity " + locked + " is protected by a passphrase, which this harness never asks for:"
                        + " load it into ssh-agent (ssh-add " + locked + ") or use a key without one",
                refusal(UsageException.class, sshd.spec(), "ssh-accept-new-host-keys", "true", "ssh-identity", locked.toString()));

        // found as a default key, passed over and said so when nothing else logs in
        Path dir = Files.createDirectory(tmp.resolve("ssh"));
        Files.copy(locked, dir.resolve("id_ed25519"));
        Files.writeString(dir.resolve("known_hosts"), sshd.knownHostsLine() + "\n");
        System.setProperty(SshSourceProvider.SSH_DIR_PROPERTY, dir.toString());
        assertTrue(refusal(IOException.class, sshd.spec()).endsWith("; passed over, protected by a passphrase this harness"
                + " never asks for (ssh-add to an agent): " + dir.resolve("id_ed25519")));

        // the user's agent holds it unlocked: the same key logs in, and its passphrase never came here
        Path sock = tmp.resolve("agent.sock");
        Process agent = new ProcessBuilder("ssh-agent", "-D", "-a", sock.toString()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            while (!Files.exists(sock)) {
                assertTrue(agent.isAlive(), "ssh-agent exited " + (agent.isAlive() ? "" : agent.exitValue()));
                Thread.sleep(20);
            }
            Path askpass = Files.writeString(tmp.resolve("askpass"), "#!/bin/sh\necho 'correct horse'\n");
            Files.setPosixFilePermissions(askpass, PosixFilePermissions.fromString("rwx------"));
            ProcessBuilder add = new ProcessBuilder("ssh-add", locked.toString()).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            add.environment().putAll(Map.of("SSH_AUTH_SOCK", sock.toString(), "SSH_ASKPASS", askpass.toString(),
                    "SSH_ASKPASS_REQUIRE", "force", "DISPLAY", ":0"));
            Process p = add.start();
            String out = new String(p.getInputStream().readAllBytes());
            assertEquals(0, p.waitFor(), out);
            System.setProperty(SshSourceProvider.AUTH_SOCK_PROPERTY, sock.toString());
            try (HostSource source = open(sshd.spec(), "ssh-identity", locked.toString())) {
                assertTrue(source.read().cpu() != null);
            }
            try (HostSource source = open(sshd.spec())) { // the default key, locked: the agent's copy logs in
                assertTrue(source.read().memory() != null);
            }
        } finally {
            agent.destroy();
            agent.waitFor();
        }
    }

    @Test
    void aHostThatDiesMidRunStopsAnsweringAtOnce() throws Exception {
        try (Sshd dying = Sshd.start()) {
            System.setProperty(SshSourceProvider.SSH_DIR_PROPERTY, dying.clientDir().toString());
            try (HostSource source = open(dying.spec(), "ssh-accept-new-host-keys", "true")) {
                source.read();
                dying.kill();
                // the connection closes with the host's processes: the next reading fails, it does not wait
                assertEquals("the connection closed", assertThrows(IOException.class, source::read).getMessage());
            }
            String m = refusal(IOException.class, dying.spec());
            assertEquals("no SSH connection to 127.0.0.1:" + dying.port() + " (connection refused)", m);
        }
    }

    /**
     * MINA closes a session idle for its idle timeout (10 minutes by default): a TPC-C load between opening and the
     * first sample would lose the host. Here the default is made 2 s (MINA reads it from a system property) and the
     * source left idle longer: it still answers.
     */
    @Test
    void aSourceLeftIdleLongerThanMinasIdleTimeoutStillAnswers() throws Exception {
        System.setProperty("org.apache.sshd.config.idle-timeout", "2000");
        try (HostSource source = open(sshd.spec(), "ssh-accept-new-host-keys", "true")) {
            source.read();
            Thread.sleep(6000);
            assertTrue(source.read().cpu() != null);
        } finally {
            System.clearProperty("org.apache.sshd.config.idle-timeout");
        }
    }

    @Test
    void aHostThatHangsIsGivenUpAfterTheSampleTimeout() throws Exception {
        try (Sshd hanging = Sshd.start()) {
            System.setProperty(SshSourceProvider.SSH_DIR_PROPERTY, hanging.clientDir().toString());
            try (HostSource source = open(hanging.spec(), "ssh-accept-new-host-keys", "true")) {
                source.read();
                hanging.freeze(); // the connection stays open; nothing answers
                assertEquals("no answer within 10 s", assertThrows(IOException.class, source::read).getMessage());
            }
        } // close() kills the stopped processes (SIGKILL ends a stopped process too)
    }

    @Test
    void aSpecIsAHostNotAPath() {
        assertEquals("--server-hosts ssh://db1/proc: an ssh:// host is ssh://[USER@]HOST[:PORT], nothing after it",
                refusal(UsageException.class, "ssh://db1/proc"));
        assertEquals("--server-hosts ssh://me:...@db1: no password in a spec; SSH sources log in with keys only",
                refusal(UsageException.class, "ssh://me:secret@db1"));
        assertEquals("--server-hosts ssh://me:...@db1: no password in a spec; SSH sources log in with keys only",
                refusal(UsageException.class, "ssh://me:secret@db1/proc"));
    }
}
