package io.dbharness.hosts;

import io.dbharness.core.measure.HostReading;
import io.dbharness.core.measure.HostSource;
import io.dbharness.core.measure.ProcText;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.auth.pubkey.UserAuthPublicKeyFactory;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.config.hosts.HostConfigEntryResolver;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.channel.ChannelPipedInputStream;
import org.apache.sshd.common.keyprovider.KeyIdentityProvider;
import org.apache.sshd.core.CoreModuleProperties;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A server host's /proc read over one SSH connection kept for the run (BenchmarkSQL's osCollector way), parsed by
 * the same {@link ProcText} as the client host's. One exec channel runs a small POSIX shell loop for the whole run:
 * each sample is a newline sent and the four files' texts read back, with the shell's built-ins only, so a sample
 * starts no process on the host (an exec channel per sample costs the host a login shell each time: measured in
 * hosts/README.md). Nothing is written on the host.
 */
final class SshSource implements HostSource {

    /** Connecting, the key exchange and the login; a sample's answer. */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);
    static final Duration SAMPLE_TIMEOUT = Duration.ofSeconds(10);

    /** Ends each file's text; the answer ends with {@link #END}. No line of these files is either. */
    private static final String SEPARATOR = "@";
    private static final String END = "@@";
    static final String CLOSED = "the connection closed";

    /**
     * One answer per line read on stdin: the {@code cpu} lines of /proc/stat (the rest, a count per interrupt, can
     * be many kilobytes), then meminfo, diskstats and net/dev whole. {@code exec sh -c} whatever the account's
     * login shell (stderr discarded inside it: csh has no {@code 2>}); no single quote inside.
     */
    static final String LOOP = "exec /bin/sh -c 'exec 2>/dev/null; while read -r _; do"
            + " while IFS= read -r l; do case $l in cpu*) printf \"%s\\n\" \"$l\";; *) break;; esac; done </proc/stat;"
            + " echo @;"
            + " for f in /proc/meminfo /proc/diskstats /proc/net/dev; do"
            + " if [ -r $f ]; then while IFS= read -r l; do printf \"%s\\n\" \"$l\"; done <$f; fi; echo @; done;"
            + " echo @@; done'";

    private final String host;
    private final SshClient client;
    private final ClientSession session;
    private final ChannelExec channel;
    private final OutputStream ask;
    private final BufferedReader answers;

    private SshSource(String host, SshClient client, ClientSession session, ChannelExec channel) throws IOException {
        this.host = host;
        this.client = client;
        this.session = session;
        this.channel = channel;
        this.ask = channel.getInvertedIn();
        // a host that stops answering without closing the connection: the read gives up, the engine says when
        if (channel.getInvertedOut() instanceof ChannelPipedInputStream piped) {
            piped.setTimeout(SAMPLE_TIMEOUT.toMillis());
        }
        this.answers = new BufferedReader(new InputStreamReader(channel.getInvertedOut(), StandardCharsets.ISO_8859_1));
    }

    /**
     * Connects, checks the host key, logs in with the keys and starts the loop.
     *
     * @param name  how the result names the host
     * @param agent the ssh-agent's socket whose keys are offered first, null for none
     * @throws HostRefused the host key or our keys were refused: the one line says which and what to do
     * @throws IOException the host cannot be reached
     */
    static SshSource open(String name, String user, String host, int port, SshKeys keys, Path agent,
                          KnownHosts knownHosts, Path sshDir) throws IOException {
        SshClient client = SshClient.setUpDefaultClient();
        // only what is said here counts: no ~/.ssh/config, no password or keyboard-interactive login
        client.setHostConfigEntryResolver(HostConfigEntryResolver.EMPTY);
        client.setUserAuthFactories(List.of(UserAuthPublicKeyFactory.INSTANCE));
        client.setKeyIdentityProvider(KeyIdentityProvider.EMPTY_KEYS_PROVIDER);
        client.setAgentFactory(agent == null ? null : new SshAgentSocket(agent));
        client.setServerKeyVerifier(knownHosts);
        // MINA closes a session idle for 10 minutes; OpenSSH's client never does. A long preparation (a TPC-C load)
        // lies between opening and the first sample, and a long --watch-interval between samples: a host that
        // hangs is found by the sample's own timeout instead
        CoreModuleProperties.IDLE_TIMEOUT.set(client, Duration.ZERO);
        client.start();
        ClientSession session = null;
        ChannelExec channel = null;
        try {
            session = client.connect(user, host, port).verify(CONNECT_TIMEOUT).getSession();
            keys.pairs().forEach(session::addPublicKeyIdentity);
            try {
                session.auth().verify(CONNECT_TIMEOUT);
            } catch (IOException e) {
                if (knownHosts.refusal() != null) {
                    throw new HostRefused(knownHosts.refusal(), true);
                }
                if (!session.isAuthenticated() && session.isOpen()) {
                    throw new HostRefused(keys.refusal(user, sshDir, agent), false);
                }
                throw e;
            }
            channel = session.createExecChannel(LOOP);
            channel.open().verify(CONNECT_TIMEOUT);
            return new SshSource(name, client, session, channel);
        } catch (IOException | RuntimeException e) {
            closeQuietly(channel, session, client);
            // the key exchange may end as a closed connection before the login is tried: the verifier says why
            if (knownHosts.refusal() != null && !(e instanceof HostRefused)) {
                throw new HostRefused(knownHosts.refusal(), true);
            }
            throw e;
        }
    }

    @Override
    public String host() {
        return host;
    }

    @Override
    public String kind() {
        return "ssh";
    }

    @Override
    public HostReading read() throws IOException {
        long start = System.nanoTime();
        try {
            return answer();
        } catch (IOException e) {
            // the host, its sshd or the network gone: the request or the answer finds the channel closed, whichever first
            if (!session.isOpen() || !channel.isOpen()) {
                throw new IOException(CLOSED, null);
            }
            if (System.nanoTime() - start >= SAMPLE_TIMEOUT.toNanos()) {
                throw new IOException("no answer within " + SAMPLE_TIMEOUT.toSeconds() + " s", null);
            }
            throw e;
        }
    }

    private HostReading answer() throws IOException {
        ask.write('\n');
        ask.flush();
        String[] texts = new String[4];
        StringBuilder text = new StringBuilder(4096);
        long nanos = 0;
        int part = 0;
        for (String line; ; ) {
            line = answers.readLine();
            if (line == null) {
                throw new IOException(CLOSED, null);
            }
            if (nanos == 0) {
                nanos = System.nanoTime(); // the cpu lines come first: the nearest to when the host read them
            }
            if (line.equals(END)) {
                break;
            }
            if (line.equals(SEPARATOR) && part < texts.length) {
                texts[part++] = text.toString();
                text.setLength(0);
            } else {
                text.append(line).append('\n');
            }
        }
        if (part < texts.length) {
            throw new IOException("an answer that is not the four /proc files");
        }
        return parse(nanos, texts[0], texts[1], texts[2], texts[3]);
    }

    /** Every disk and interface the texts hold: which count is the engine's choice ({@code DeviceFilter}). */
    static HostReading parse(long nanos, String stat, String meminfo, String diskstats, String netDev) {
        return new HostReading(nanos, stat.isEmpty() ? null : ProcText.cpu(stat),
                meminfo.isEmpty() ? null : ProcText.memory(meminfo),
                diskstats.isEmpty() ? null : ProcText.disks(diskstats, name -> true),
                netDev.isEmpty() ? null : ProcText.network(netDev, name -> true));
    }

    @Override
    public void close() {
        closeQuietly(channel, session, client);
    }

    private static void closeQuietly(ChannelExec channel, ClientSession session, SshClient client) {
        try {
            if (channel != null) {
                channel.close(true);
            }
            if (session != null) {
                session.close(true);
            }
        } finally {
            client.stop();
        }
    }

    /** A refusal's reason in a few words: the exception's own message, without MINA's stack of causes. */
    static String reason(Throwable e) {
        if (e instanceof UnknownHostException) {
            return "unknown host " + e.getMessage();
        }
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root instanceof ConnectException) {
            return "connection refused";
        }
        for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof java.nio.channels.UnresolvedAddressException || c instanceof UnknownHostException) {
                return "no address for its name"; // MINA's own text names its connect future
            }
        }
        String m = root.getMessage() == null ? e.getMessage() : root.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }

    /** The host key or our keys were refused: said in one line. */
    static final class HostRefused extends IOException {
        /** We refused the host's key (else the host refused ours). */
        final boolean hostKey;

        HostRefused(String message, boolean hostKey) {
            super(message, null);
            this.hostKey = hostKey;
        }
    }
}
