package io.dbharness.influx;

import io.dbharness.core.api.TargetException;
import io.dbharness.http.HttpFailure;
import io.dbharness.http.HttpPoster;
import io.dbharness.http.Response;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The HTTP of the influx target: the JDK client, shared, for pings and InfluxQL (queries, the v1 admin
 * statements, counts); one {@link HttpPoster} per writer for the writes, which post the encoder's bytes as they
 * are (influxdb-client-java's write API would build a {@code Point} object, and its strings, per row). The v2
 * API's Flux queries and admin calls go through influxdb-client-java ({@link FluxReader}, {@link V2Admin}).
 *
 * <p>The {@code Authorization} header value is held here and sent, never logged or put in a message.
 */
final class InfluxHttp {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    /** Of admin calls and the target's own statements: long enough for a count or a delete on much data. */
    static final Duration QUERY_TIMEOUT = Duration.ofMinutes(10);

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

    /** A ping that must answer 2xx: how writers and readers see that the server is back after a failure. */
    void requirePing(String who) throws TargetException {
        Response ping = ping();
        if (!ping.ok()) {
            throw InfluxErrors.status(ping, "answer /ping", who);
        }
    }

    /** A GET of {@code pathAndQuery}, e.g. {@code /api/v2/buckets?name=b}. */
    Response get(String pathAndQuery, String what) throws TargetException {
        return send(request(pathAndQuery).GET().timeout(QUERY_TIMEOUT), what);
    }

    Response post(String pathAndQuery, String contentType, String body, String what) throws TargetException {
        return send(request(pathAndQuery).header("Content-Type", contentType).timeout(QUERY_TIMEOUT)
                .POST(HttpRequest.BodyPublishers.ofString(body)), what);
    }

    /**
     * A connection of its own for one writer: writes go through {@link HttpPoster}, not the shared client.
     * {@code requestTimeout} is {@code --op-timeout}: the deadline of one whole post.
     */
    HttpPoster openWriteConnection(Duration requestTimeout) {
        return new HttpPoster(base, CONNECT_TIMEOUT, requestTimeout);
    }

    /** A query reader's calls: see {@link Call}. {@code timeout} is {@code --op-timeout}. */
    Call openCall(Duration timeout) {
        return new Call(timeout);
    }

    /**
     * One GET at a time on the shared client, bounded by a deadline over the whole answer (the request
     * timeout alone stops at the headers) and cancellable from another thread: what a query reader needs,
     * as {@link HttpPoster} is for the writers.
     */
    final class Call {
        private final Duration timeout;
        private volatile CompletableFuture<HttpResponse<String>> inFlight;
        private volatile boolean cancelled;

        private Call(Duration timeout) {
            this.timeout = timeout;
        }

        /** TIMEOUT past the deadline or when cancelled; UNREACHABLE when the connection failed. */
        Response get(String pathAndQuery, String what) throws TargetException {
            cancelled = false;
            CompletableFuture<HttpResponse<String>> f = client.sendAsync(request(pathAndQuery).GET().timeout(timeout)
                    .build(), HttpResponse.BodyHandlers.ofString());
            inFlight = f;
            try {
                if (cancelled) { // a cancel that came before the request was in flight
                    f.cancel(true);
                }
                return response(f.get(timeout.toNanos(), TimeUnit.NANOSECONDS));
            } catch (TimeoutException e) {
                f.cancel(true);
                throw timedOut(what, "no complete answer within " + timeout.toMillis() + " ms", e);
            } catch (CancellationException | InterruptedException e) {
                // an interrupt is the engine's last-resort cancel: it ends this call, not the worker
                f.cancel(true);
                throw timedOut(what, "cancelled", e);
            } catch (ExecutionException e) {
                Throwable c = e.getCause();
                if (c instanceof CancellationException) { // how the client ends an exchange cancelled under way
                    throw timedOut(what, "cancelled", c);
                }
                if (c instanceof HttpTimeoutException && !(c instanceof HttpConnectTimeoutException)) {
                    throw timedOut(what, "no answer within " + timeout.toMillis() + " ms", c);
                }
                if (c instanceof IOException io) {
                    throw InfluxErrors.io(io, endpoint(), what);
                }
                throw new TargetException(TargetException.Kind.FATAL, null, what + " failed: " + c, c);
            } finally {
                inFlight = null;
            }
        }

        /** Whether a call is under way: a {@link #cancel()} now ends it (tests wait for this rather than for a time). */
        boolean inFlight() {
            return inFlight != null;
        }

        /** From any thread: ends the call in flight (the JDK client aborts its exchange); else the next one. */
        void cancel() {
            cancelled = true;
            CompletableFuture<?> f = inFlight;
            if (f != null) {
                f.cancel(true);
            }
        }

        private TargetException timedOut(String what, String why, Throwable cause) {
            return new TargetException(TargetException.Kind.TIMEOUT, null, what + " on InfluxDB at " + endpoint() + ": "
                    + why, cause);
        }
    }

    /** Posts {@code len} bytes of line protocol from {@code body[off]}; the array is not copied. */
    Response write(HttpPoster connection, URI uri, byte[] body, int off, int len, boolean gzip) throws HttpFailure {
        List<String> headers = new ArrayList<>(3);
        headers.add("Content-Type: text/plain; charset=utf-8");
        if (gzip) {
            headers.add("Content-Encoding: gzip");
        }
        if (authorization != null) {
            headers.add("Authorization: " + authorization);
        }
        return connection.post(uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()),
                headers, body, off, len);
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
            return response(client.send(b.build(), HttpResponse.BodyHandlers.ofString()));
        } catch (IOException e) {
            throw InfluxErrors.io(e, endpoint(), what);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetException(TargetException.Kind.FATAL, null, what + " to InfluxDB interrupted", e);
        }
    }

    private static Response response(HttpResponse<String> r) {
        java.util.Map<String, String> headers = new java.util.HashMap<>();
        r.headers().map().forEach((k, v) -> headers.put(k.toLowerCase(java.util.Locale.ROOT), v.isEmpty() ? "" : v.get(0)));
        return new Response(r.statusCode(), headers, r.body() == null ? "" : r.body());
    }
}
