package io.dbharness.hosts;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.Secrets;
import io.dbharness.core.measure.HostReading;
import io.dbharness.core.measure.HostSource;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * A Prometheus node_exporter's {@code /metrics}, read over HTTP on a client of its own: one GET per reading, its
 * text turned into the host's counters ({@link NodeExporterText}).
 */
final class NodeExporterSource implements HostSource {

    /** A reading that takes longer is a host that stopped answering: its samples stop. */
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final URI url;
    /** The URL as messages name it: a password written into it masked (a host's stoppedWhy reaches the result). */
    private final String shown;
    private final String host;
    private final HttpClient client;
    private final HttpRequest request;

    private NodeExporterSource(URI url) {
        this.url = url;
        this.shown = Secrets.maskEmbedded(url.toString());
        int port = url.getPort() >= 0 ? url.getPort() : url.getScheme().equalsIgnoreCase("https") ? 443 : 80;
        this.host = url.getHost() + ":" + port;
        this.client = HttpClient.newBuilder().connectTimeout(TIMEOUT).followRedirects(HttpClient.Redirect.NORMAL).build();
        // the text format: a newer exporter would otherwise be free to answer in OpenMetrics or protobuf
        this.request = HttpRequest.newBuilder(url).timeout(TIMEOUT).header("Accept", "text/plain;version=0.0.4").GET().build();
    }

    /**
     * Opens the source and reads it once: a URL whose answer is not a node_exporter's (another exporter, a web page,
     * a 404) is refused as bad usage.
     */
    static NodeExporterSource open(URI spec) throws IOException {
        URI url = spec.getPath() == null || spec.getPath().isEmpty() || spec.getPath().equals("/")
                ? spec.resolve("/metrics") : spec; // node_exporter's root is a page linking to /metrics
        NodeExporterSource s = new NodeExporterSource(url);
        String where = "--server-hosts " + Secrets.maskEmbedded(spec.toString());
        try {
            String text = s.fetch();
            HostReading r = NodeExporterText.reading(text, System.nanoTime());
            if (r.cpu() == null || r.memory() == null) {
                throw new UsageException(where + ": the answer is not a node_exporter's metrics (no "
                        + (r.cpu() == null ? NodeExporterText.CPU : NodeExporterText.MEM_TOTAL) + " in it)");
            }
        } catch (PrometheusText.FormatException e) {
            throw new UsageException(where + ": the answer is not a node_exporter's metrics ("
                    + e.getMessage() + ")");
        } catch (NotHttpException e) {
            throw new UsageException(where + ": the answer is not a node_exporter's metrics (not HTTP: "
                    + e.getMessage() + ")");
        } catch (HttpStatusException e) {
            if (e.status >= 400 && e.status < 500) { // a wrong path or a server that is no exporter
                throw new UsageException(where + ": " + e.getMessage());
            }
            throw e;
        }
        return s;
    }

    @Override
    public String host() {
        return host;
    }

    @Override
    public String kind() {
        return NodeExporterProvider.KIND;
    }

    @Override
    public HostReading read() throws IOException {
        String text = fetch();
        long nanos = System.nanoTime();
        try {
            return NodeExporterText.reading(text, nanos);
        } catch (PrometheusText.FormatException e) {
            throw new IOException("its answer is no longer Prometheus text: " + e.getMessage());
        }
    }

    private String fetch() throws IOException {
        HttpResponse<String> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading " + shown);
        } catch (java.net.http.HttpTimeoutException e) {
            throw new IOException("no answer from " + shown + " within " + TIMEOUT.toSeconds() + " s", e);
        } catch (java.net.ConnectException e) {
            for (Throwable c = e; c != null; c = c.getCause()) {
                if (c instanceof java.nio.channels.UnresolvedAddressException || c instanceof java.net.UnknownHostException) {
                    throw new IOException("host " + url.getHost() + " not found (no address for its name)", e);
                }
            }
            throw new IOException("connection to " + shown + " refused", e);
        } catch (java.net.ProtocolException e) { // another protocol on the port (an SSH server's greeting...)
            throw new NotHttpException(e);
        } catch (IOException e) { // a connection cut mid-answer and the like: say where
            throw new IOException("reading " + shown + " failed: " + (e.getMessage() == null ? e.getClass().getSimpleName()
                    : e.getMessage()), e);
        }
        if (response.statusCode() != 200) {
            throw new HttpStatusException(response.statusCode(), "HTTP " + response.statusCode() + " from " + shown);
        }
        return response.body();
    }

    /**
     * Nothing to release: Java 17's HttpClient has no close (its thread ends once the client is collected), and a
     * reading in flight ends by its {@link #TIMEOUT}.
     */
    @Override
    public void close() {
    }

    /** An answer that is not 200. */
    static final class HttpStatusException extends IOException {
        final int status;

        HttpStatusException(int status, String message) {
            super(message);
            this.status = status;
        }
    }

    /** The port answered in another protocol than HTTP. */
    static final class NotHttpException extends IOException {
        NotHttpException(java.net.ProtocolException e) {
            super(e.getMessage(), e);
        }
    }
}
