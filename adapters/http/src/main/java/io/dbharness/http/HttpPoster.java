package io.dbharness.http;

import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SchemePortResolver;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.TlsConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.BasicHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.DefaultHttpClientConnectionOperator;
import org.apache.hc.client5.http.impl.io.ManagedHttpClientConnectionFactory;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.client5.http.ssl.HostnameVerificationPolicy;
import org.apache.hc.client5.http.ssl.TlsSocketStrategy;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.apache.hc.core5.http.URIScheme;
import org.apache.hc.core5.http.config.RegistryBuilder;
import org.apache.hc.core5.http.io.SocketConfig;
import org.apache.hc.core5.http.io.entity.AbstractHttpEntity;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * One worker's HTTP/1.1 connection for posting write bodies (Apache HttpClient 5, classic API, a connection
 * manager of one connection): the request head, then the caller's array as it is, never copied. Not
 * thread-safe, except {@link #cancel()}.
 *
 * <p><b>A post is never sent twice.</b> Nothing here retries: after a failure the caller decides, and
 * {@link HttpFailure#requestSent()} tells it what it may conclude:
 * <ul>
 *   <li>{@code false}: the connection failed (or was cut by the deadline or {@link #cancel()}) before the last
 *       byte of the body was handed to it. The body is framed by {@code Content-Length}, so no server can
 *       have taken it for a complete request: <em>resending is safe</em>.</li>
 *   <li>{@code true}: the whole request had been written and no complete answer came. The server may have
 *       processed it or not; a resend may store it twice. That includes a keep-alive connection the server
 *       closed a moment before (a restart): on the wire, "closed without reading" and "read, stored, then
 *       closed without answering" look the same.</li>
 * </ul>
 *
 * <p><b>Stale connections.</b> A kept-alive connection that has been idle for {@link #VALIDATE_AFTER_IDLE} or
 * more is checked before it is used (a read of at most 1 ms: a server that closed it while idle is seen
 * here, and a new connection is opened, with no failure). Below that idle time it is not checked: on a
 * healthy connection the check waits its full 1 ms, which back-to-back posts would pay every time
 * ({@code HttpPosterBenchmark}: +1.1 ms a post when checked before each, about 4 % of a one-worker influx
 * run; nothing with the 1 s threshold), and servers close idle connections after seconds, not milliseconds.
 * A server that closes the connection between two back-to-back posts (a restart mid-run) makes the next post
 * fail instead, reported as above and never resent.
 *
 * <p><b>Deadline.</b> {@code requestTimeout} bounds the whole post: connect, TLS handshake, writing the body
 * (a socket write alone has no timeout: a server that stops reading would block it forever) and reading the
 * whole response. Connect, handshake and read timeouts are no longer than it, and a watchdog thread (one for
 * all posters, looking every {@value #DEADLINE_TICK_NANOS} ns) closes the connection once it has passed,
 * wherever the post is: a post ends at most 50 ms after its deadline.
 *
 * <p>TLS uses the JDK's default trust store and checks that the certificate names the host. Interim 1xx
 * responses are skipped; {@code Connection: close} and HTTP/1.0 answers without keep-alive close the
 * connection after the response (the next post opens a new one). Header values are sent and never put in a
 * message or {@code toString} ({@code Authorization} and the like are masked in the library's header log too;
 * its wire log, off unless configured at debug, shows the raw bytes).
 *
 * <p>The first poster made in a JVM warms the post path up over loopback ({@link WarmUp}, about 0.65 s), as
 * writers are made before the clock starts: a short run's first posts would otherwise run cold.
 */
public final class HttpPoster implements AutoCloseable {

    /** Idle time from which a kept-alive connection is checked before reuse. */
    public static final Duration VALIDATE_AFTER_IDLE = Duration.ofSeconds(1);

    private static final Set<String> SET_HERE = Set.of("content-length", "transfer-encoding");
    private static final Set<String> SECRET = Set.of("authorization", "proxy-authorization", "cookie");

    /** How often the watchdog looks for posts past their deadline: a timed-out post ends at most this late. */
    static final long DEADLINE_TICK_NANOS = 50_000_000;
    /**
     * Posts in flight in this JVM, for the watchdog. A timer task per post (ScheduledThreadPoolExecutor) woke
     * the timer thread twice a post: measured, about 0.13 ms of CPU and 0.2 ms of wall time a post. A post now
     * only adds and removes itself here; one daemon thread ticks and aborts the overdue ones.
     */
    private static final Set<Exchange> IN_FLIGHT = ConcurrentHashMap.newKeySet();
    private static volatile Thread watchdog;

    private final String display;
    private final HttpHost target;
    private final Duration connectTimeout;
    private final Duration requestTimeout;
    private final long requestTimeoutNanos;
    private final PhaseTrackingOperator operator;
    private final CloseableHttpClient client;
    private final HttpContext context = HttpClientContext.create();
    private final AtomicReference<Exchange> inFlight = new AtomicReference<>();

    // the callers post to one or two paths with one or two header lists: parse them once, not per post
    private String lastPath;
    private URI lastUri;
    private List<String> lastHeaderLines;
    private Header[] lastHeaders;
    private byte[] scratch;
    private volatile boolean closed;

    /**
     * @param base           {@code http://host:port} or {@code https://host:port}; a path in it is not used
     *                       ({@link #post} takes the whole path)
     * @param connectTimeout for opening a connection (capped at {@code requestTimeout})
     * @param requestTimeout deadline of one whole post
     */
    public HttpPoster(URI base, Duration connectTimeout, Duration requestTimeout) {
        this(base, connectTimeout, requestTimeout, VALIDATE_AFTER_IDLE, null);
    }

    /** With an idle time before validation and an SSL context of one's own (null: the JDK default). */
    HttpPoster(URI base, Duration connectTimeout, Duration requestTimeout, Duration validateAfterIdle,
               SSLContext sslContext) {
        this(base, connectTimeout, requestTimeout, validateAfterIdle, sslContext, true);
    }

    HttpPoster(URI base, Duration connectTimeout, Duration requestTimeout, Duration validateAfterIdle,
               SSLContext sslContext, boolean warmUp) {
        Objects.requireNonNull(base, "base");
        String scheme = base.getScheme() == null ? "" : base.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("base URI must be http:// or https://, not '" + scheme + "'");
        }
        if (base.getRawUserInfo() != null) {
            // credentials go in a header, where they are masked; in the URI they would show in messages
            throw new IllegalArgumentException("base URI must not carry user info: give credentials as a header");
        }
        if (base.getHost() == null) {
            throw new IllegalArgumentException("base URI " + base + " has no host");
        }
        requirePositive(connectTimeout, "connectTimeout");
        requirePositive(requestTimeout, "requestTimeout");
        if (validateAfterIdle.isZero()) {
            // the connection manager reads a zero idle time as "never check": say 1 ms to check every time
            throw new IllegalArgumentException("validateAfterIdle must be positive, or negative for never");
        }
        boolean tls = scheme.equals("https");
        int port = base.getPort() >= 0 ? base.getPort() : tls ? 443 : 80;
        this.target = new HttpHost(scheme, base.getHost(), port);
        this.display = scheme + "://" + base.getHost() + ":" + port;
        this.connectTimeout = connectTimeout.compareTo(requestTimeout) < 0 ? connectTimeout : requestTimeout;
        this.requestTimeout = requestTimeout;
        this.requestTimeoutNanos = requestTimeout.toNanos();

        Timeout deadline = Timeout.of(requestTimeout);
        Timeout connect = Timeout.of(this.connectTimeout);
        RegistryBuilder<TlsSocketStrategy> tlsStrategies = RegistryBuilder.create();
        if (tls) {
            // only for https: the JDK's default context loads its trust store, a few hundred ms of CPU at first use
            tlsStrategies.register(URIScheme.HTTPS.id, new DefaultClientTlsStrategy(
                    sslContext != null ? sslContext : defaultSslContext(), HostnameVerificationPolicy.BUILTIN, null));
        }
        this.operator = new PhaseTrackingOperator(tlsStrategies.build());
        BasicHttpClientConnectionManager manager =
                new BasicHttpClientConnectionManager(operator, ManagedHttpClientConnectionFactory.INSTANCE);
        manager.setSocketConfig(SocketConfig.custom().setTcpNoDelay(true).setSoTimeout(deadline).build());
        manager.setConnectionConfig(ConnectionConfig.custom()
                .setConnectTimeout(connect)
                .setSocketTimeout(deadline)
                .setValidateAfterInactivity(TimeValue.of(validateAfterIdle))
                .build());
        manager.setTlsConfig(TlsConfig.custom().setHandshakeTimeout(deadline).build());
        // the minimal client: no retries, redirects, cookies, authentication or decompression, by construction
        this.client = HttpClients.createMinimal(manager);
        if (warmUp) {
            WarmUp.once();
        }
    }

    /**
     * POSTs {@code len} bytes of {@code body} from {@code off}, sent from the caller's array (not copied), and
     * reads the whole response. Never retried.
     *
     * @param pathAndQuery raw (already encoded) path and query, starting with {@code /}
     * @param headerLines  extra header lines {@code "Name: value"}, e.g. {@code Content-Type},
     *                     {@code Content-Encoding: gzip}, {@code Authorization}; {@code Content-Length} is set here
     * @throws HttpFailure when no complete response came; see the class comment for what it tells
     */
    public Response post(String pathAndQuery, List<String> headerLines, byte[] body, int off, int len)
            throws HttpFailure {
        Objects.checkFromIndexSize(off, len, body.length);
        if (closed) {
            throw new IllegalStateException("HttpPoster to " + display + " is closed");
        }
        Exchange exchange = new Exchange(uri(pathAndQuery), System.nanoTime() + requestTimeoutNanos);
        exchange.setHeaders(headers(headerLines));
        BodyEntity entity = new BodyEntity(body, off, len);
        exchange.setEntity(entity);
        operator.phase = PhaseTrackingOperator.REUSED;
        inFlight.set(exchange);
        IN_FLIGHT.add(exchange);
        if (watchdog == null) {
            startWatchdog();
        }
        try {
            ClassicHttpResponse response = client.executeOpen(target, exchange, context);
            Response r = read(response);
            response.close(); // the body was read to its end: this hands the connection back for the next post
            return r;
        } catch (IOException | RuntimeException e) {
            throw failure(exchange, entity, e);
        } finally {
            IN_FLIGHT.remove(exchange);
            inFlight.compareAndSet(exchange, null);
        }
    }

    /**
     * From any thread: aborts the post in flight at once (its connection is closed); that post throws an
     * {@link HttpFailure} with {@code cancelled()}. Without a post in flight it does nothing.
     */
    public void cancel() {
        Exchange exchange = inFlight.get();
        if (exchange != null) {
            exchange.abort(Exchange.CANCELLED);
        }
    }

    @Override
    public void close() {
        closed = true;
        cancel();
        client.close(CloseMode.GRACEFUL);
    }

    @Override
    public String toString() {
        return "HttpPoster[" + display + "]";
    }

    private URI uri(String pathAndQuery) {
        if (!pathAndQuery.equals(lastPath)) {
            if (!pathAndQuery.startsWith("/")) {
                throw new IllegalArgumentException("path must start with '/': " + pathAndQuery);
            }
            try {
                lastUri = new URI(pathAndQuery);
            } catch (URISyntaxException e) {
                throw new IllegalArgumentException("invalid path and query: " + e.getMessage());
            }
            lastPath = pathAndQuery;
        }
        return lastUri;
    }

    private Header[] headers(List<String> lines) {
        if (lines.equals(lastHeaderLines)) {
            return lastHeaders;
        }
        Header[] parsed = new Header[lines.size()];
        for (int i = 0; i < parsed.length; i++) {
            parsed[i] = LineHeader.parse(lines.get(i), i);
        }
        lastHeaderLines = List.copyOf(lines);
        lastHeaders = parsed;
        return parsed;
    }

    private Response read(ClassicHttpResponse response) throws IOException {
        Header[] all = response.getHeaders();
        Map<String, String> headers = new HashMap<>(all.length * 2);
        for (Header h : all) {
            headers.putIfAbsent(h.getName().toLowerCase(Locale.ROOT), h.getValue());
        }
        HttpEntity entity = response.getEntity();
        String body = "";
        if (entity != null) {
            // read to the end, keeping the first MAX_BODY_BYTES: a body left unread would cost the connection
            long declared = entity.getContentLength();
            int initial = (int) Math.min(declared >= 0 ? declared : 1024, 64 * 1024);
            ByteArrayOutputStream kept = new ByteArrayOutputStream(initial);
            if (scratch == null) {
                scratch = new byte[8192];
            }
            try (InputStream in = entity.getContent()) {
                for (int n; (n = in.read(scratch)) >= 0; ) {
                    int keep = Math.min(n, Response.MAX_BODY_BYTES - kept.size());
                    if (keep > 0) {
                        kept.write(scratch, 0, keep);
                    }
                }
            }
            body = kept.toString(StandardCharsets.UTF_8);
        }
        return new Response(response.getCode(), headers, body);
    }

    private HttpFailure failure(Exchange exchange, BodyEntity entity, Throwable e) {
        // closes the connection at once if the library has not already: it is in an unknown state now
        int reason = exchange.abort(Exchange.FAILED);
        boolean sent = entity.written;
        boolean cancelled = reason == Exchange.CANCELLED;
        boolean timedOut = reason == Exchange.TIMED_OUT || (!cancelled && causedBy(e, SocketTimeoutException.class));
        boolean connectFailed = !sent && (operator.phase == PhaseTrackingOperator.CONNECTING
                || operator.phase == PhaseTrackingOperator.HANDSHAKE
                || causedBy(e, ConnectException.class) || causedBy(e, UnknownHostException.class));
        String what;
        if (cancelled) {
            what = "post to " + display + " cancelled" + (connectFailed ? " while connecting" : sentNote(sent));
        } else if (timedOut && connectFailed) {
            // a connect timeout shorter than the deadline may be what ended it
            Duration limit = operator.phase == PhaseTrackingOperator.CONNECTING ? connectTimeout : requestTimeout;
            what = "no connection to " + display + " within " + human(limit) + phaseNote();
        } else if (timedOut) {
            what = sent ? "no complete answer from " + display + " within " + human(requestTimeout) + sentNote(true)
                    : "post to " + display + " timed out after " + human(requestTimeout) + sentNote(false);
        } else if (connectFailed) {
            what = "cannot connect to " + display + ": " + connectReason(e);
        } else {
            what = "post to " + display + " failed: " + reason(e) + sentNote(sent);
        }
        return new HttpFailure(what, e, sent, timedOut, cancelled, connectFailed);
    }

    private String phaseNote() {
        return operator.phase == PhaseTrackingOperator.HANDSHAKE ? " (TLS handshake not finished)" : "";
    }

    private static String sentNote(boolean sent) {
        return sent ? " after the whole request was sent (the server may have processed it)"
                : " before the whole request was sent (safe to resend)";
    }

    private static String connectReason(Throwable e) {
        if (causedBy(e, UnknownHostException.class)) {
            return "unknown host";
        }
        if (causedBy(e, ConnectException.class)) {
            return "connection refused";
        }
        if (causedBy(e, SSLException.class)) {
            return "TLS handshake failed: " + reason(e);
        }
        return reason(e);
    }

    private static String reason(Throwable e) {
        if (e instanceof NoHttpResponseException) {
            return "the server closed the connection without answering";
        }
        String m = e.getMessage();
        return (m == null || m.isBlank() ? e.getClass().getSimpleName() : m).replace('\n', ' ').replace('\r', ' ');
    }

    private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }

    private static String human(Duration d) {
        long ms = d.toMillis();
        return ms < 1000 || ms % 1000 != 0 ? ms + " ms" : ms / 1000 + " s";
    }

    private static void requirePositive(Duration d, String name) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, not " + d);
        }
    }

    private static SSLContext defaultSslContext() {
        try {
            return SSLContext.getDefault(); // the JDK's trust store, and its javax.net.ssl.* settings
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no default TLS context in this JVM: " + e.getMessage(), e);
        }
    }

    private static synchronized void startWatchdog() {
        if (watchdog != null) {
            return;
        }
        Thread t = new Thread(() -> {
            while (true) {
                LockSupport.parkNanos(DEADLINE_TICK_NANOS);
                long now = System.nanoTime();
                for (Exchange e : IN_FLIGHT) {
                    if (now - e.deadlineNanos >= 0) {
                        e.abort(Exchange.TIMED_OUT);
                    }
                }
            }
        }, "dbharness-http-deadlines");
        t.setDaemon(true);
        t.start();
        watchdog = t;
    }

    /** One post: the request, its deadline, and how it was aborted, if it was. */
    private static final class Exchange extends HttpUriRequestBase {
        static final int RUNNING = 0;
        static final int TIMED_OUT = 1;
        static final int CANCELLED = 2;
        static final int FAILED = 3;
        private static final AtomicIntegerFieldUpdater<Exchange> STATE =
                AtomicIntegerFieldUpdater.newUpdater(Exchange.class, "state");

        final long deadlineNanos;
        private volatile int state;

        Exchange(URI uri, long deadlineNanos) {
            super("POST", uri);
            this.deadlineNanos = deadlineNanos;
        }

        /** Aborts with {@code reason} unless already aborted; returns the reason that stands. */
        int abort(int reason) {
            if (STATE.compareAndSet(this, RUNNING, reason)) {
                cancel(); // closes the connection (RST): a blocked connect, handshake, write or read ends now
                return reason;
            }
            return state;
        }
    }

    /** The caller's bytes as they are; remembers whether all of them were handed to the connection. */
    private static final class BodyEntity extends AbstractHttpEntity {
        private final byte[] array;
        private final int off;
        private final int len;
        boolean written;

        BodyEntity(byte[] array, int off, int len) {
            super((String) null, null, false);
            this.array = array;
            this.off = off;
            this.len = len;
        }

        @Override
        public void writeTo(OutputStream out) throws IOException {
            out.write(array, off, len);
            out.flush();
            written = true;
        }

        @Override
        public boolean isRepeatable() {
            return false; // nothing may send it a second time
        }

        @Override
        public long getContentLength() {
            return len;
        }

        @Override
        public InputStream getContent() {
            return new ByteArrayInputStream(array, off, len);
        }

        @Override
        public boolean isStreaming() {
            return false;
        }

        @Override
        public void close() {
        }
    }

    /** A header from a caller's line; credentials are masked in {@code toString} (the library's header log). */
    private record LineHeader(String getName, String getValue) implements Header {

        static LineHeader parse(String line, int index) {
            int colon = line.indexOf(':');
            // the line itself is never quoted: it may be a credential
            if (colon <= 0) {
                throw new IllegalArgumentException("header line " + (index + 1) + " is not 'Name: value'");
            }
            String name = line.substring(0, colon).trim();
            for (int i = 0; i < name.length(); i++) {
                char c = name.charAt(i);
                if (c <= ' ' || c >= 127 || "()<>@,;:\\\"/[]?={}".indexOf(c) >= 0) {
                    throw new IllegalArgumentException("header line " + (index + 1) + " has an invalid name");
                }
            }
            String value = line.substring(colon + 1).trim();
            if (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("header " + name + " has a line break in its value");
            }
            if (SET_HERE.contains(name.toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException("header " + name + " is set by HttpPoster, not by the caller");
            }
            return new LineHeader(name, value);
        }

        @Override
        public boolean isSensitive() {
            return SECRET.contains(getName.toLowerCase(Locale.ROOT));
        }

        @Override
        public String toString() {
            return getName + ": " + (isSensitive() ? "(masked)" : getValue);
        }
    }

    /** Knows whether a failure came while connecting or in the TLS handshake (the hooks run on the poster's thread). */
    private static final class PhaseTrackingOperator extends DefaultHttpClientConnectionOperator {
        static final int REUSED = 0;
        static final int CONNECTING = 1;
        static final int HANDSHAKE = 2;
        static final int CONNECTED = 3;
        int phase;

        PhaseTrackingOperator(org.apache.hc.core5.http.config.Lookup<TlsSocketStrategy> tls) {
            super((SchemePortResolver) null, (DnsResolver) null, tls);
        }

        @Override
        protected void onBeforeSocketConnect(HttpContext context, HttpHost endpoint) {
            phase = CONNECTING;
        }

        @Override
        protected void onAfterSocketConnect(HttpContext context, HttpHost endpoint) {
            phase = CONNECTED;
        }

        @Override
        protected void onBeforeTlsHandshake(HttpContext context, HttpHost endpoint) {
            phase = HANDSHAKE;
        }

        @Override
        protected void onAfterTlsHandshake(HttpContext context, HttpHost endpoint) {
            phase = CONNECTED;
        }
    }
}
