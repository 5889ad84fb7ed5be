package io.dbharness.hosts;

import org.apache.sshd.client.config.hosts.KnownHostEntry;
import org.apache.sshd.client.keyverifier.AcceptAllServerKeyVerifier;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.client.keyverifier.ServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;

import java.net.SocketAddress;
import java.nio.file.Path;
import java.security.PublicKey;

/**
 * The server's host key checked against known_hosts (plain and hashed entries, as MINA reads them), the way
 * OpenSSH's {@code StrictHostKeyChecking yes} does, or {@code accept-new} with {@code --ssh-accept-new-host-keys}:
 * an unknown key is then added to the file, a changed one is refused all the same. Why a key was refused is kept
 * for the one line the run is refused with.
 */
final class KnownHosts extends KnownHostsServerKeyVerifier {

    private final Path file;
    /** The host as known_hosts names it: {@code db1}, {@code [db1]:2222}. */
    private final String pattern;
    private volatile String refusal;

    private KnownHosts(ServerKeyVerifier unknown, Path file, String pattern) {
        super(unknown, file);
        this.file = file;
        this.pattern = pattern;
    }

    static KnownHosts of(Path file, boolean acceptNew, String host, int port) {
        String pattern = port == 22 ? host : "[" + host + "]:" + port;
        if (acceptNew) {
            return new KnownHosts(AcceptAllServerKeyVerifier.INSTANCE, file, pattern);
        }
        KnownHosts[] self = new KnownHosts[1];
        self[0] = new KnownHosts((session, remote, key) -> {
            self[0].refusal = "its host key " + describe(key) + " is not in " + file
                    + ": check it and add it (ssh-keyscan, or once with --ssh-accept-new-host-keys)";
            return false;
        }, file, pattern);
        return self[0];
    }

    @Override
    public boolean acceptModifiedServerKey(ClientSession session, SocketAddress remote, KnownHostEntry entry,
                                           PublicKey expected, PublicKey actual) {
        refusal = "its host key CHANGED: it offers " + describe(actual) + ", " + file + " holds " + describe(expected)
                + " for it; refused (if the host was reinstalled: ssh-keygen -R '" + pattern + "', then accept the new key)";
        return false;
    }

    @Override
    protected void handleRevokedKey(ClientSession session, SocketAddress remote, PublicKey key) {
        refusal = "its host key " + describe(key) + " is marked @revoked in " + file;
        super.handleRevokedKey(session, remote, key);
    }

    /** Why the host's key was refused, null when it was not. */
    String refusal() {
        return refusal;
    }

    private static String describe(PublicKey key) {
        return KeyUtils.getKeyType(key) + " " + KeyUtils.getFingerPrint(key);
    }
}
