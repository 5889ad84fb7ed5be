package io.dbharness.hosts;

import io.dbharness.core.api.UsageException;
import org.apache.sshd.common.config.keys.FilePasswordProvider;
import org.apache.sshd.common.util.io.resource.PathResource;
import org.apache.sshd.common.util.security.SecurityUtils;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.List;

/**
 * The private key files an SSH source offers (after an agent's keys, {@link SshAgentSocket}), found as OpenSSH
 * finds them: {@code --ssh-identity FILE}, else whichever of {@code id_ed25519}, {@code id_ecdsa}, {@code id_rsa}
 * exist in the SSH directory. A passphrase is never asked for: a key that needs one is left to the agent, refused
 * when named and there is no agent, passed over (and said so if the login fails) when found.
 *
 * @param pairs     the keys read, in the order offered
 * @param offered   their files, for the message when the server refuses them all
 * @param encrypted default keys left out because a passphrase protects them
 */
record SshKeys(List<KeyPair> pairs, List<Path> offered, List<Path> encrypted) {

    /** OpenSSH's default identities, in the order it tries them (DSA and security keys left out: see README). */
    static final List<String> DEFAULTS = List.of("id_ed25519", "id_ecdsa", "id_rsa");

    /** Thrown from the password provider: reading the key would need its passphrase. */
    private static final class NeedsPassphrase extends IOException {
        NeedsPassphrase() {
            super("needs a passphrase");
        }
    }

    /**
     * @param identity {@code --ssh-identity}, null for the defaults
     * @param sshDir   the directory of the defaults and of known_hosts ({@code ~/.ssh})
     * @param agent    whether an ssh-agent's keys are offered too
     * @throws UsageException the named key cannot be read, or needs a passphrase and there is no agent
     */
    static SshKeys find(Path identity, Path sshDir, boolean agent) {
        List<KeyPair> pairs = new ArrayList<>();
        List<Path> offered = new ArrayList<>();
        List<Path> encrypted = new ArrayList<>();
        if (identity != null) {
            if (!Files.isReadable(identity)) {
                throw new UsageException("--ssh-identity " + identity + ": no such readable file");
            }
            try {
                pairs.addAll(load(identity));
            } catch (NeedsPassphrase e) {
                if (!agent) {
                    throw new UsageException("--ssh-identity " + identity + " is protected by a passphrase, which this"
                            + " harness never asks for: load it into ssh-agent (ssh-add " + identity + ") or use a key without one");
                }
                encrypted.add(identity); // the agent may hold it
                return new SshKeys(List.of(), List.of(), List.copyOf(encrypted));
            } catch (IOException | GeneralSecurityException | RuntimeException e) {
                throw new UsageException("--ssh-identity " + identity + " is not a private key this harness reads ("
                        + SshSource.reason(e) + ")");
            }
            offered.add(identity);
        } else {
            for (String name : DEFAULTS) {
                Path file = sshDir.resolve(name);
                if (!Files.isReadable(file)) {
                    continue;
                }
                try {
                    pairs.addAll(load(file));
                    offered.add(file);
                } catch (NeedsPassphrase e) {
                    encrypted.add(file);
                } catch (IOException | GeneralSecurityException | RuntimeException e) {
                    // as OpenSSH: a default key it cannot use is passed over
                }
            }
        }
        return new SshKeys(List.copyOf(pairs), List.copyOf(offered), List.copyOf(encrypted));
    }

    private static List<KeyPair> load(Path file) throws IOException, GeneralSecurityException {
        FilePasswordProvider never = (session, resource, retry) -> {
            throw new NeedsPassphrase();
        };
        List<KeyPair> out = new ArrayList<>();
        try (InputStream in = Files.newInputStream(file)) {
            Iterable<KeyPair> read = SecurityUtils.loadKeyPairIdentities(null, new PathResource(file), in, never);
            if (read != null) {
                read.forEach(out::add);
            }
        }
        if (out.isEmpty()) {
            throw new GeneralSecurityException("no key in it");
        }
        return out;
    }

    /**
     * Why a login as {@code user} was refused, as far as the keys tell: what was offered, what was passed over.
     *
     * @param agent the agent's socket when its keys were offered, else null
     */
    String refusal(String user, Path sshDir, Path agent) {
        List<String> tried = new ArrayList<>();
        if (agent != null) {
            tried.add("the keys of ssh-agent " + agent);
        }
        offered.forEach(f -> tried.add(f.toString()));
        String s = tried.isEmpty()
                ? "no key to log in as " + user + " with: none of " + String.join(", ", DEFAULTS) + " in " + sshDir
                        + " is usable and there is no agent (SSH_AUTH_SOCK); name a key with --ssh-identity FILE"
                : "the server refused " + String.join(", ", tried) + " for user " + user;
        if (!encrypted.isEmpty()) {
            s += "; passed over, protected by a passphrase this harness never asks for (ssh-add to an agent): "
                    + String.join(", ", encrypted.stream().map(Path::toString).toList());
        }
        return s;
    }
}
