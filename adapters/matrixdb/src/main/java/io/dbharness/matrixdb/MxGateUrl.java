package io.dbharness.matrixdb;

import io.dbharness.core.api.UsageException;
import io.dbharness.http.HttpPoster;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Locale;

/**
 * Where MatrixGate listens ({@code --mxgate-url}), parsed once. MatrixGate accepts writes on {@code /} and
 * ignores any path after it, so only scheme, host and port matter; a path given is kept as written.
 */
record MxGateUrl(String text, boolean tls, String host, int port, String path) {

    static MxGateUrl parse(String raw) {
        String expected = "expected http://HOST:PORT (MatrixGate's HTTP port, 8086 by default)";
        URI uri;
        try {
            uri = new URI(raw.trim());
        } catch (URISyntaxException e) {
            throw new UsageException("invalid value '" + raw + "' for --mxgate-url: " + expected);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null || uri.getUserInfo() != null) {
            throw new UsageException("invalid value '" + raw + "' for --mxgate-url: " + expected);
        }
        boolean tls = scheme.equals("https");
        int port = uri.getPort() > 0 ? uri.getPort() : tls ? 443 : 80;
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return new MxGateUrl(raw.trim(), tls, uri.getHost(), port, path);
    }

    HttpPoster connection() {
        try {
            return new HttpPoster(new URI(tls ? "https" : "http", null, host, port, null, null, null),
                    Duration.ofSeconds(5), Duration.ofSeconds(120));
        } catch (URISyntaxException e) {
            throw new UsageException("invalid value '" + text + "' for --mxgate-url: " + e.getMessage());
        }
    }

    /** Opens and closes one TCP connection, so a MatrixGate that is not running stops the run before it starts. */
    void probe() throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), 5_000);
        }
    }
}
