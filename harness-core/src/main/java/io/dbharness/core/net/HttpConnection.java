package io.dbharness.core.net;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One keep-alive HTTP/1.1 connection for posting write bodies on the hot path: the request head, then the
 * caller's buffer as it is. Measured against the JDK's {@code HttpClient} on line-protocol writes, that
 * client spent about as much CPU per byte as encoding the rows did (its asynchronous pipeline and buffer
 * copies); on a small machine that CPU is taken from the database under test.
 *
 * <p>HTTP or HTTPS (the JDK's default trust store), one request at a time: one connection per worker, not
 * thread-safe. A request on a
 * reused connection that the server had already closed is sent once more on a fresh one.
 */
public final class HttpConnection implements AutoCloseable {

    /** Status, headers (names in lower case) and body of a response; bodies here are small (errors). */
    public record Response(int status, Map<String, String> headers, String body) {
        public Optional<String> header(String name) {
            return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
        }

        public boolean ok() {
            return status / 100 == 2;
        }
    }

    private static final int MAX_BODY_BYTES = 1 << 20;

    private final String host;
    private final int port;
    private final int connectTimeoutMillis;
    private final int readTimeoutMillis;
    private final boolean tls;
    private Socket socket;
    private OutputStream out;
    private InputStream in;

    public HttpConnection(String host, int port, Duration connectTimeout, Duration readTimeout) {
        this(host, port, false, connectTimeout, readTimeout);
    }

    public HttpConnection(String host, int port, boolean tls, Duration connectTimeout, Duration readTimeout) {
        this.tls = tls;
        this.host = host;
        this.port = port;
        this.connectTimeoutMillis = (int) connectTimeout.toMillis();
        this.readTimeoutMillis = (int) readTimeout.toMillis();
    }

    /**
     * Posts {@code len} bytes of {@code body} from {@code off}.
     *
     * @param headers extra header lines, e.g. {@code "Content-Type: text/plain"}
     */
    public Response post(String pathAndQuery, List<String> headers, byte[] body, int off, int len) throws IOException {
        byte[] head = head(pathAndQuery, headers, len);
        boolean reused = socket != null;
        try {
            return exchange(head, body, off, len);
        } catch (IOException e) {
            close();
            if (!reused || e instanceof java.net.SocketTimeoutException) {
                throw e;
            }
            return exchange(head, body, off, len); // the server had closed the idle connection
        }
    }

    private Response exchange(byte[] head, byte[] body, int off, int len) throws IOException {
        connect();
        out.write(head);
        out.write(body, off, len);
        out.flush();
        Response r = readResponse();
        if ("close".equalsIgnoreCase(r.headers().get("connection"))) {
            close();
        }
        return r;
    }

    private byte[] head(String pathAndQuery, List<String> headers, int len) {
        StringBuilder b = new StringBuilder(256).append("POST ").append(pathAndQuery).append(" HTTP/1.1\r\nHost: ")
                .append(host).append(':').append(port).append("\r\nContent-Length: ").append(len).append("\r\n");
        for (String h : headers) {
            b.append(h).append("\r\n");
        }
        return b.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    private void connect() throws IOException {
        if (socket != null) {
            return;
        }
        Socket s = new Socket();
        try {
            s.connect(new InetSocketAddress(host, port), connectTimeoutMillis);
            if (tls) {
                javax.net.ssl.SSLSocket ssl = (javax.net.ssl.SSLSocket) ((javax.net.ssl.SSLSocketFactory)
                        javax.net.ssl.SSLSocketFactory.getDefault()).createSocket(s, host, port, true);
                javax.net.ssl.SSLParameters params = ssl.getSSLParameters();
                params.setEndpointIdentificationAlgorithm("HTTPS"); // check the certificate names the host
                ssl.setSSLParameters(params);
                ssl.startHandshake();
                s = ssl;
            }
            s.setTcpNoDelay(true);
            s.setSoTimeout(readTimeoutMillis);
            out = new BufferedOutputStream(s.getOutputStream(), 1 << 16);
            in = new BufferedInputStream(s.getInputStream(), 1 << 14);
            socket = s;
        } catch (IOException e) {
            s.close();
            throw e;
        }
    }

    private Response readResponse() throws IOException {
        String status = line();
        while (status.startsWith("HTTP/1.1 100") || status.startsWith("HTTP/1.0 100")) {
            while (!line().isEmpty()) {
                // skip the interim response's headers
            }
            status = line();
        }
        String[] parts = status.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
            throw new IOException("not an HTTP response: " + status);
        }
        int code;
        try {
            code = Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            throw new IOException("not an HTTP status: " + status);
        }
        Map<String, String> headers = new HashMap<>();
        for (String h = line(); !h.isEmpty(); h = line()) {
            int colon = h.indexOf(':');
            if (colon > 0) {
                headers.putIfAbsent(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
            }
        }
        String body;
        if (code == 204 || code == 304 || code / 100 == 1) {
            body = "";
        } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = chunked();
        } else if (headers.containsKey("content-length")) {
            body = fixed(Long.parseLong(headers.get("content-length")));
        } else {
            body = untilClose();
            headers.put("connection", "close");
        }
        return new Response(code, Map.copyOf(headers), body);
    }

    private String fixed(long n) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream((int) Math.min(n, 4096));
        copy(n, b);
        return b.toString(StandardCharsets.UTF_8);
    }

    private String chunked() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = line();
            int semi = sizeLine.indexOf(';');
            long size = Long.parseLong((semi < 0 ? sizeLine : sizeLine.substring(0, semi)).trim(), 16);
            if (size == 0) {
                while (!line().isEmpty()) {
                    // trailers
                }
                return b.toString(StandardCharsets.UTF_8);
            }
            copy(size, b);
            line();
        }
    }

    private String untilClose() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        byte[] buf = new byte[4096];
        for (int n; (n = in.read(buf)) > 0; ) {
            if (b.size() < MAX_BODY_BYTES) {
                b.write(buf, 0, n);
            }
        }
        return b.toString(StandardCharsets.UTF_8);
    }

    /** Reads {@code n} bytes, keeping at most {@link #MAX_BODY_BYTES} of them. */
    private void copy(long n, ByteArrayOutputStream to) throws IOException {
        byte[] buf = new byte[(int) Math.min(n, 8192)];
        while (n > 0) {
            int r = in.read(buf, 0, (int) Math.min(buf.length, n));
            if (r < 0) {
                throw new EOFException("connection closed in the middle of a response body");
            }
            if (to.size() < MAX_BODY_BYTES) {
                to.write(buf, 0, r);
            }
            n -= r;
        }
    }

    private String line() throws IOException {
        StringBuilder b = new StringBuilder(64);
        while (true) {
            int c = in.read();
            if (c < 0) {
                throw new EOFException("connection closed before the response was complete");
            }
            if (c == '\n') {
                int n = b.length();
                return n > 0 && b.charAt(n - 1) == '\r' ? b.substring(0, n - 1) : b.toString();
            }
            b.append((char) c);
        }
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // nothing to do about a failed close
            }
        }
        socket = null;
        out = null;
        in = null;
    }
}
