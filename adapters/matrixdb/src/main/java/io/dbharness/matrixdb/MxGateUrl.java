package io.dbharness.matrixdb;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.Secrets;
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
 *
 * @param text the URL as given, secrets masked: for messages and results
 */
record MxGateUrl(String text, boolean tls, String host, int port, String path) {

    static MxGateUrl parse(String raw) {
        String expected = "expected http://HOST:PORT (MatrixGate's HTTP port, 8086 by default)";
        // shown masked: a mistyped URL may still carry a password
        String shown = Secrets.maskEmbedded(raw.trim());
        URI uri;
        try {
            uri = new URI(raw.trim());
        } catch (URISyntaxException e) {
            throw new UsageException("invalid value '" + shown + "' for --mxgate-url: " + expected);
        }
        if (uri.getRawUserInfo() != null) {
            throw new UsageException("--mxgate-url must not carry credentials: MatrixGate's HTTP source takes none;"
                    + " give http://HOST:PORT");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
            throw new UsageException("invalid value '" + shown + "' for --mxgate-url: " + expected);
        }
        boolean tls = scheme.equals("https");
        int port = uri.getPort() > 0 ? uri.getPort() : tls ? 443 : 80;
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return new MxGateUrl(shown, tls, uri.getHost(), port, path);
    }

    /** A connection of its own for one writer; {@code requestTimeout} bounds one post ({@code --op-timeout}). */
    HttpPoster connection(Duration requestTimeout) {
        try {
            return new HttpPoster(new URI(tls ? "https" : "http", null, host, port, null, null, null),
                    Duration.ofSeconds(5), requestTimeout);
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
