package io.dbharness.core.config;

import io.dbharness.core.api.UsageException;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The server hosts a run samples besides the client host ({@code --server-hosts}), which of their devices count,
 * and how SSH sources authenticate. Engine options: a library run takes them as the runner does.
 *
 * @param hosts             one spec per database machine, in the order given; empty: none sampled
 * @param devices           {@code --server-devices} as given, null for the default (read with
 *                          {@code core.measure.DeviceFilter.parse})
 * @param sshIdentity       the private key SSH sources offer, empty: as OpenSSH finds them
 * @param acceptNewHostKeys whether an SSH host key unknown to {@code ~/.ssh/known_hosts} is added to it
 */
public record HostOptions(List<URI> hosts, String devices, Optional<Path> sshIdentity, boolean acceptNewHostKeys) {

    /** The URL schemes a spec may have: {@code http}/{@code https} (node_exporter) and {@code ssh}. */
    public static final List<String> SCHEMES = List.of("http", "https", "ssh");

    public static final Option<List<URI>> SERVER_HOSTS = Option.of("server-hosts", "SPEC[,SPEC...]", null,
            "Also sample each database machine's CPU, memory, disks and network every --watch-interval, on a thread of"
                    + " its own: http[s]://HOST:PORT/metrics (a Prometheus node_exporter) or ssh://[USER@]HOST[:PORT]"
                    + " (its /proc over SSH); a config file may give a list", HostOptions::specs);
    public static final Option<String> SERVER_DEVICES = Option.of("server-devices", "LIST", null,
            "The server hosts' disks and interfaces that count: names (sda,eth0) or BenchmarkSQL's 'blk_sda net_eth0';"
                    + " where none is named: every disk but virtual ones and partitions, every interface but loopback",
            ValueType.text());
    public static final Option<String> SSH_IDENTITY = Option.of("ssh-identity", "FILE", null,
            "Private key for ssh:// server hosts; default: as OpenSSH finds them (~/.ssh/id_*, an agent)",
            ValueType.text());
    public static final Option<Boolean> SSH_ACCEPT_NEW_HOST_KEYS = Option.flag("ssh-accept-new-host-keys",
            "Add an ssh:// server host's key that ~/.ssh/known_hosts does not hold to it (OpenSSH's accept-new);"
                    + " a changed key is still refused");

    /** Options whose value is a comma-separated list: a config file may give it as a list. */
    public static final java.util.Set<String> LISTS = java.util.Set.of(SERVER_HOSTS.name(), SERVER_DEVICES.name());

    public static final List<OptionDef> OPTIONS = Option.defs(List.of(SERVER_HOSTS, SERVER_DEVICES, SSH_IDENTITY,
            SSH_ACCEPT_NEW_HOST_KEYS));

    public HostOptions {
        hosts = List.copyOf(hosts);
        sshIdentity = sshIdentity == null ? Optional.empty() : sshIdentity;
    }

    public static HostOptions from(Settings s) {
        List<URI> hosts = s.find(SERVER_HOSTS).orElse(List.of());
        String devices = s.find(SERVER_DEVICES).orElse(null);
        if (devices != null && hosts.isEmpty()) {
            // the client host counts every device; taken silently, the user would believe a filter applied
            throw new UsageException("--" + SERVER_DEVICES.name() + " names devices of the --" + SERVER_HOSTS.name()
                    + ", and none is given");
        }
        return new HostOptions(hosts, devices, s.find(SSH_IDENTITY).map(Path::of), s.get(SSH_ACCEPT_NEW_HOST_KEYS));
    }

    /**
     * The host a spec samples, as its source names it: a node_exporter's {@code host:port} whatever the path (none
     * reads {@code /metrics}), an SSH host's {@code host:port} whatever the user; the same twice would count twice.
     */
    private static String hostKey(URI uri) {
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        int port = uri.getPort() >= 0 ? uri.getPort() : scheme.equals("https") ? 443 : scheme.equals("http") ? 80 : 22;
        return (scheme.equals("ssh") ? "ssh" : "http") + "://" + uri.getHost().toLowerCase(Locale.ROOT) + ":" + port;
    }

    /** Comma-separated specs, each a URL of a known scheme with a host. */
    private static List<URI> specs(Settings s, String name) {
        String value = s.string(name);
        String shownValue = Secrets.maskEmbedded(value);
        List<URI> out = new ArrayList<>();
        for (String spec : value.split(",")) {
            String t = spec.strip();
            if (t.isEmpty()) {
                continue;
            }
            String shownSpec = Secrets.maskEmbedded(t); // a password in a spec is never repeated
            URI uri;
            try {
                uri = new URI(t);
            } catch (URISyntaxException e) {
                throw s.bad(name, shownSpec, "http[s]://HOST:PORT/metrics or ssh://[USER@]HOST[:PORT]");
            }
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!SCHEMES.contains(scheme) || uri.getHost() == null) {
                throw s.bad(name, shownSpec, "http[s]://HOST:PORT/metrics or ssh://[USER@]HOST[:PORT]");
            }
            if (uri.getPort() == 0 || uri.getPort() > 65535) {
                throw s.bad(name, shownSpec, "a port from 1 to 65535");
            }
            if (!scheme.equals("ssh") && uri.getUserInfo() != null && uri.getUserInfo().contains(":")) {
                // the SSH source refuses its own in its words; node_exporter's would be sent nowhere and printed
                throw new UsageException("--" + name + " " + shownSpec + ": no password in a spec; node_exporter"
                        + " sources send none");
            }
            String key = hostKey(uri);
            if (out.stream().anyMatch(u -> hostKey(u).equals(key))) {
                throw s.bad(name, shownSpec, "each host once");
            }
            out.add(uri);
        }
        if (out.isEmpty()) {
            throw s.bad(name, shownValue, "at least one http[s]://HOST:PORT/metrics or ssh://[USER@]HOST[:PORT]");
        }
        return List.copyOf(out);
    }
}
