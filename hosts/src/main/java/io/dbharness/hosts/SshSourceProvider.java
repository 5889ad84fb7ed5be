package io.dbharness.hosts;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.HostOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.measure.HostReading;
import io.dbharness.core.measure.HostSource;
import io.dbharness.core.measure.HostSourceProvider;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * {@code ssh://[USER@]HOST[:PORT]}: the host's /proc over SSH ({@link SshSource}). The user defaults to this
 * process's, as OpenSSH's; an ssh-agent's keys ({@code SSH_AUTH_SOCK}) are offered first, then the key files; keys
 * and known_hosts come from {@code ~/.ssh}, or from the directory the system property {@value #SSH_DIR_PROPERTY}
 * names (tests: no one's real ~/.ssh or agent is used).
 */
public final class SshSourceProvider implements HostSourceProvider {

    public static final String SSH_DIR_PROPERTY = "dbharness.ssh.dir";
    /** Tests: the agent socket instead of {@code SSH_AUTH_SOCK} (empty: no agent). */
    public static final String AUTH_SOCK_PROPERTY = "dbharness.ssh.auth.sock";

    @Override
    public List<String> schemes() {
        return List.of("ssh");
    }

    @Override
    public HostSource open(URI spec, Settings settings) throws IOException {
        String user = spec.getUserInfo() != null ? spec.getUserInfo() : System.getProperty("user.name");
        if (user.contains(":")) { // first: no other message may repeat the spec with its password
            throw new UsageException("--server-hosts " + spec.getScheme() + "://" + user.substring(0, user.indexOf(':'))
                    + ":...@" + spec.getHost() + ": no password in a spec; SSH sources log in with keys only");
        }
        if (spec.getRawPath() != null && !spec.getRawPath().isEmpty() || spec.getRawQuery() != null) {
            throw new UsageException("--server-hosts " + spec + ": an ssh:// host is ssh://[USER@]HOST[:PORT], nothing after it");
        }
        HostOptions options = HostOptions.from(settings);
        String host = spec.getHost().startsWith("[") ? spec.getHost().substring(1, spec.getHost().length() - 1) : spec.getHost();
        int port = spec.getPort() < 0 ? 22 : spec.getPort();
        String name = spec.getPort() < 0 || port == 22 ? spec.getHost() : spec.getHost() + ":" + port;
        Path sshDir = sshDir();
        Path agent = agentSocket();
        SshKeys keys = SshKeys.find(options.sshIdentity().orElse(null), sshDir, agent != null);
        if (options.acceptNewHostKeys() && !Files.isDirectory(sshDir)) {
            // as OpenSSH's accept-new: without the directory MINA accepts the key and keeps it nowhere
            try {
                Files.createDirectories(sshDir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } catch (IOException | UnsupportedOperationException e) {
                throw new UsageException("--server-hosts " + spec + ": cannot make " + sshDir + " to keep its host key in ("
                        + e + ")");
            }
        }
        KnownHosts knownHosts = KnownHosts.of(sshDir.resolve("known_hosts"), options.acceptNewHostKeys(), host, port);
        // the engine names the spec before an IOException's message ("--server-hosts SPEC: cannot read the host: ")
        String where = "--server-hosts " + spec;
        SshSource source;
        try {
            source = SshSource.open(name, user, host, port, keys, agent, knownHosts, sshDir);
        } catch (SshSource.HostRefused e) {
            // a host key we refuse is ours to settle in known_hosts, as a bad option is (2); a key the host
            // refuses is a refused login, as a database's (3)
            if (e.hostKey) {
                throw new UsageException(where + ": " + e.getMessage());
            }
            throw e;
        } catch (IOException e) {
            throw new IOException("no SSH connection to " + name + " (" + SshSource.reason(e) + ")", null);
        }
        HostReading first;
        try {
            first = source.read();
        } catch (RuntimeException e) { // a text ProcText cannot parse: the connection is not left open
            source.close();
            throw e;
        } catch (IOException e) {
            source.close();
            throw new IOException("reading its /proc failed (" + SshSource.reason(e)
                    + (SshSource.CLOSED.equals(e.getMessage()) ? ": can the account run /bin/sh?" : "") + ")", null);
        }
        if (first.cpu() == null || first.memory() == null) {
            source.close();
            throw new UsageException(where + ": its /proc/stat and /proc/meminfo cannot be read (an SSH source reads a"
                    + " Linux host's /proc)");
        }
        return source;
    }

    /** The running ssh-agent's socket ({@code SSH_AUTH_SOCK}, or the property tests set), null when there is none. */
    static Path agentSocket() {
        String sock = System.getProperty(AUTH_SOCK_PROPERTY, System.getenv("SSH_AUTH_SOCK"));
        return sock == null || sock.isBlank() || !Files.exists(Path.of(sock)) ? null : Path.of(sock);
    }

    static Path sshDir() {
        String dir = System.getProperty(SSH_DIR_PROPERTY);
        return dir != null ? Path.of(dir) : Path.of(System.getProperty("user.home"), ".ssh");
    }
}
