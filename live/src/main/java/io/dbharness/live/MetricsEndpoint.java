package io.dbharness.live;

import io.dbharness.core.api.UsageException;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.exporter.httpserver.HttpErrorHandlingPolicy;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code --metrics-listen}: the live figures served at {@code http://HOST:PORT/metrics} by the Prometheus Java
 * client's HTTP server (a thread of its own, daemon threads: it never holds the process), for one command's runs.
 */
public final class MetricsEndpoint implements AutoCloseable {

    /** How long {@link #close} waits at most for a scrape that sees the end. */
    public static final int LINGER_SECONDS = 15;

    private final HTTPServer server;
    private final PrometheusFigures collector;
    private final AtomicLong failedScrapes;

    private MetricsEndpoint(HTTPServer server, PrometheusFigures collector, AtomicLong failedScrapes) {
        this.server = server;
        this.collector = collector;
        this.failedScrapes = failedScrapes;
    }

    /**
     * Listens on {@code address} ({@link LiveOptions#METRICS_LISTEN}'s value).
     *
     * @throws UsageException in one line when the host does not resolve, is no address of this machine, or the port
     *                        is taken (exit 2: a setting to change)
     */
    public static MetricsEndpoint start(InetSocketAddress address, LiveFigures figures) {
        String shown = address.getHostString() + ":" + address.getPort();
        InetAddress host;
        try {
            host = InetAddress.getByName(address.getHostString());
        } catch (UnknownHostException e) {
            throw new UsageException("--metrics-listen " + shown + ": the host name does not resolve", "metrics-listen");
        }
        PrometheusRegistry registry = new PrometheusRegistry();
        PrometheusFigures collector = new PrometheusFigures(figures);
        registry.register(collector);
        AtomicLong failed = new AtomicLong();
        // a scraper that gives up mid-answer (its timeout) breaks the connection: the client's default is a SEVERE
        // log with a stack trace on the run's stderr; the scraper knows its scrape failed, the run need not say it
        HttpErrorHandlingPolicy quiet = HttpErrorHandlingPolicy.builder().errorReporter(e -> failed.incrementAndGet())
                .build();
        try {
            return new MetricsEndpoint(HTTPServer.builder().inetAddress(host).port(address.getPort()).registry(registry)
                    .errorHandlingPolicy(quiet).buildAndStart(), collector, failed);
        } catch (BindException e) {
            throw new UsageException("--metrics-listen " + shown + ": cannot listen there (" + e.getMessage()
                    + "): the port is taken, or the address is not this machine's", "metrics-listen");
        } catch (IOException e) {
            throw new UsageException("--metrics-listen " + shown + ": cannot listen there: " + e.getMessage(),
                    "metrics-listen");
        }
    }

    /** The port it listens on. */
    public int port() {
        return server.getPort();
    }

    /** Scrapes that failed so far: broken off by the scraper (or a figure that could not be rendered). */
    public long failedScrapes() {
        return failedScrapes.get();
    }

    /** Scrapes answered (begun) so far. */
    public long scrapes() {
        return collector.scrapes();
    }

    /**
     * Serves on until a scrape begun from now on has read the figures as they are (the end of the last run) and been
     * answered (a scraper asks one at a time, so the next one's start says so), at most {@link #LINGER_SECONDS}, then
     * stops. An interrupt (the process told to stop) ends the wait at once.
     */
    public void lingerThenClose() {
        long seen = collector.scrapes();
        long until = System.nanoTime() + LINGER_SECONDS * 1_000_000_000L;
        try {
            while (collector.scrapes() < seen + 2 && System.nanoTime() < until) {
                Thread.sleep(50);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        close();
    }

    @Override
    public void close() {
        server.close();
    }
}
