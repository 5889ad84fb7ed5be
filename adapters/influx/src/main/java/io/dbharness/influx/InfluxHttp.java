package io.dbharness.influx;

import io.dbharness.core.api.TargetException;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/**
 * The one HTTP client of the influx target, shared by all workers (it pools one connection per concurrent
 * request). Writes post the encoder's bytes as they are: influxdb-client-java's write API would build a
 * {@code Point} object (and its strings) per row, and the rest of what it offers here is a handful of JSON
 * calls, so the JDK's client does everything without okhttp/retrofit/rxjava on the class path.
 *
 * <p>The {@code Authorization} header value is held here and sent, never logged or put in a message.
 */
final class InfluxHttp {

    /** A response with its body as text (bodies here are small: errors, query results, JSON). */
    record Response(int status, String body, HttpResponse<String> raw) {
        Optional<String> header(String name) {
            return raw.headers().firstValue(name);
        }

        boolean ok() {
            return status / 100 == 2;
        }
    }

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration WRITE_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration QUERY_TIMEOUT = Duration.ofMinutes(10);

    private final HttpClient client;
    private final URI base;
    private final String authorization;

    InfluxHttp(URI base) {
        // HTTP/1.1 explicitly: the default (HTTP/2) adds an h2c upgrade attempt to every new connection
        this(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(CONNECT_TIMEOUT).build(),
                base, null);
    }

    private InfluxHttp(HttpClient client, URI base, String authorization) {
        this.client = client;
        this.base = base;
        this.authorization = authorization;
    }

    /** The same client (and its connections) sending {@code value} as {@code Authorization}; null for none. */
    InfluxHttp withAuthorization(String value) {
        return new InfluxHttp(client, base, value);
    }

    String endpoint() {
        return base.toString();
    }

    Response ping() throws TargetException {
        return send(request("/ping").GET().timeout(CONNECT_TIMEOUT.multipliedBy(2)), "ping");
    }

    /** A GET of {@code pathAndQuery}, e.g. {@code /api/v2/buckets?name=b}. */
    Response get(String pathAndQuery, String what) throws TargetException {
        return send(request(pathAndQuery).GET().timeout(QUERY_TIMEOUT), what);
    }

    Response post(String pathAndQuery, String contentType, String body, String what) throws TargetException {
        return send(request(pathAndQuery).header("Content-Type", contentType).timeout(QUERY_TIMEOUT)
                .POST(HttpRequest.BodyPublishers.ofString(body)), what);
    }

    /** Posts {@code len} bytes of line protocol from {@code body[off]}; the array is not copied. */
    Response write(URI uri, byte[] body, int off, int len, boolean gzip) throws TargetException {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(WRITE_TIMEOUT)
                .header("Content-Type", "text/plain; charset=utf-8")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body, off, len));
        if (gzip) {
            b.header("Content-Encoding", "gzip");
        }
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        return send(b, "write");
    }

    URI uri(String pathAndQuery) {
        return URI.create(base + pathAndQuery);
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private HttpRequest.Builder request(String pathAndQuery) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(pathAndQuery));
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        return b;
    }

    private Response send(HttpRequest.Builder b, String what) throws TargetException {
        try {
            HttpResponse<String> r = client.send(b.build(), HttpResponse.BodyHandlers.ofString());
            return new Response(r.statusCode(), r.body() == null ? "" : r.body(), r);
        } catch (IOException e) {
            throw InfluxErrors.io(e, endpoint(), what);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetException(TargetException.Kind.FATAL, null, what + " to InfluxDB interrupted", e);
        }
    }
}
