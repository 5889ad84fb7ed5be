package io.dbharness.matrixdb;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.zip.GZIPInputStream;

/**
 * A MatrixGate stand-in on loopback: records every request (method, path, headers, body after gzip) and
 * answers what the test says: {@code 204} with no body, or a status with a body.
 */
final class FakeMxGate implements AutoCloseable {

    record Request(String method, String path, Map<String, List<String>> headers, byte[] rawBody, byte[] body) {
        String header(String name) {
            List<String> v = headers.get(name);
            return v == null ? null : String.join(",", v);
        }

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    record Answer(int status, String body) {
    }

    private final HttpServer server;
    final List<Request> requests = new CopyOnWriteArrayList<>();

    FakeMxGate(Function<Request, Answer> answer) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            byte[] raw;
            try (InputStream in = exchange.getRequestBody()) {
                raw = in.readAllBytes();
            }
            String enc = exchange.getRequestHeaders().getFirst("Content-Encoding");
            byte[] body = raw;
            if ("gzip".equals(enc)) {
                try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(raw))) {
                    body = in.readAllBytes();
                }
            }
            Request r = new Request(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                    Map.copyOf(exchange.getRequestHeaders()), raw, body);
            requests.add(r);
            Answer a = answer.apply(r);
            if (a.status() == 204) {
                exchange.sendResponseHeaders(204, -1);
            } else {
                byte[] out = a.body().getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(a.status(), out.length);
                exchange.getResponseBody().write(out);
            }
            exchange.close();
        });
        server.start();
    }

    static FakeMxGate accepting() throws IOException {
        return new FakeMxGate(r -> new Answer(204, ""));
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
