package io.dbharness.http;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A test peer on a raw loopback socket whose every byte is scripted: each accepted connection runs the script
 * on a thread of its own. It records what it really received (complete requests and bodies, connections), so
 * tests can assert on the server's side, not only on the client's.
 */
final class ScriptedServer implements AutoCloseable {

    /** What the server does on one connection; {@code conn.index()} counts connections from 0. */
    interface Script {
        void serve(Conn conn) throws IOException, InterruptedException;
    }

    /** A request as the server read it. */
    record Request(int connection, String requestLine, Map<String, String> headers, byte[] body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private final ServerSocket server;
    private final Script script;
    private final AtomicInteger connections = new AtomicInteger();
    private final List<Request> requests = Collections.synchronizedList(new ArrayList<>());
    private final List<Conn> open = new CopyOnWriteArrayList<>();
    private final String scheme;

    ScriptedServer(Script script) throws IOException {
        this(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()), "http", script);
    }

    ScriptedServer(ServerSocket server, String scheme, Script script) {
        this.server = server;
        this.scheme = scheme;
        this.script = script;
        Thread acceptor = new Thread(this::acceptLoop, "scripted-server-" + server.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    URI uri() {
        return URI.create(scheme + "://127.0.0.1:" + server.getLocalPort());
    }

    int connections() {
        return connections.get();
    }

    /** Requests read whole (head and complete body), in order. */
    List<Request> requests() {
        synchronized (requests) {
            return List.copyOf(requests);
        }
    }

    int bodiesReceived() {
        return requests().size();
    }

    Conn connection(int index) {
        return open.stream().filter(c -> c.index == index).findFirst().orElseThrow();
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Conn c : open) {
            c.close();
        }
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            Socket s;
            try {
                s = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            Conn conn = new Conn(s, connections.getAndIncrement());
            open.add(conn);
            Thread t = new Thread(() -> {
                try {
                    script.serve(conn);
                } catch (IOException | InterruptedException e) {
                    // the client went away or the test ended: nothing to report from the server side
                } finally {
                    if (conn.closeAtEnd) {
                        conn.close();
                    }
                }
            }, "scripted-conn-" + conn.index);
            t.setDaemon(true);
            t.start();
        }
    }

    /** One accepted connection. */
    final class Conn {
        final Socket socket;
        final int index;
        private final InputStream in;
        private final OutputStream out;
        private final CountDownLatch eof = new CountDownLatch(1);
        /** Whether the connection is closed when the script returns (false: left open for the client to close). */
        boolean closeAtEnd = true;

        Conn(Socket socket, int index) {
            this.socket = socket;
            this.index = index;
            try {
                this.in = new BufferedInputStream(socket.getInputStream());
                this.out = socket.getOutputStream();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }

        int index() {
            return index;
        }

        /** The request line and headers; null when the client closed the connection before sending one. */
        Request readHead() throws IOException {
            String line = line(true);
            if (line == null) {
                eof.countDown();
                return null;
            }
            Map<String, String> headers = new HashMap<>();
            for (String h = line(false); !h.isEmpty(); h = line(false)) {
                int colon = h.indexOf(':');
                headers.putIfAbsent(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
            }
            return new Request(index, line, Map.copyOf(headers), new byte[0]);
        }

        /** A whole request (head and its Content-Length body), recorded; null at the end of the connection. */
        Request readRequest() throws IOException {
            Request head = readHead();
            if (head == null) {
                return null;
            }
            int len = Integer.parseInt(head.header("content-length"));
            byte[] body = in.readNBytes(len);
            if (body.length < len) {
                throw new EOFException("body cut short");
            }
            Request r = new Request(index, head.requestLine(), head.headers(), body);
            requests.add(r);
            return r;
        }

        void write(String s) throws IOException {
            write(s.getBytes(StandardCharsets.ISO_8859_1));
        }

        void write(byte[] b) throws IOException {
            out.write(b);
            out.flush();
        }

        /** Waits until the client closes its end (true), or {@code millis} pass (false). */
        boolean awaitClientClose(long millis) throws InterruptedException {
            return eof.await(millis, TimeUnit.MILLISECONDS);
        }

        /** Reads until the client closes this connection (used after an answer that ends the connection). */
        void drainUntilClientCloses() throws IOException {
            try {
                while (in.read() >= 0) {
                    // nothing more is expected from the client
                }
            } catch (SocketException reset) {
                // a reset is a close too
            }
            eof.countDown();
        }

        void close() {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing a test socket
            }
        }

        private String line(boolean eofAllowed) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream(64);
            while (true) {
                int c = in.read();
                if (c < 0) {
                    if (eofAllowed && b.size() == 0) {
                        return null;
                    }
                    throw new EOFException("request head cut short");
                }
                if (c == '\n') {
                    String s = b.toString(StandardCharsets.ISO_8859_1);
                    return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
                }
                b.write(c);
            }
        }
    }
}
