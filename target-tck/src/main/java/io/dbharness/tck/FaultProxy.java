package io.dbharness.tck;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP proxy on a loopback port in front of a server, for faults a test cannot make the server itself have:
 * every connection cut ({@link #cutAll()}), everything held both ways ({@link #hold()}: a server that does not
 * answer, whose stall is seen by the bytes it holds), or one answer held after the request that carries a marker
 * ({@link #holdRepliesAfter}: the server stored a write and its answer never comes back). It reads no protocol
 * but for the marker, so it stands in front of PostgreSQL's wire, HTTP or anything else without TLS.
 */
public final class FaultProxy implements AutoCloseable {

    private static final int BUFFER = 1 << 16;
    private static final byte[] NOTHING = new byte[0];

    private final InetSocketAddress upstream;
    private final ServerSocket server;
    private final Set<Link> links = ConcurrentHashMap.newKeySet();
    private final Object lock = new Object();
    /** Guarded by {@link #lock}. */
    private boolean holding;
    private long heldFromClients;
    private byte[] marker;
    private Link answerLink;
    private volatile boolean closed;

    /** Listens on a free loopback port and forwards each connection to {@code host:port}. */
    public FaultProxy(String host, int port) throws IOException {
        this.upstream = new InetSocketAddress(host, port);
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "tck-proxy-" + server.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return server.getLocalPort();
    }

    /** {@code 127.0.0.1:PORT}. */
    public String hostPort() {
        return "127.0.0.1:" + port();
    }

    private void accept() {
        while (!closed) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            Socket up = new Socket();
            try {
                client.setTcpNoDelay(true);
                up.setTcpNoDelay(true);
                up.connect(upstream, 5_000);
            } catch (IOException e) { // the server is away: the client's connection ends at once
                closeQuietly(up);
                closeQuietly(client);
                continue;
            }
            Link link = new Link(client, up);
            links.add(link);
            try {
                link.start();
            } catch (IOException e) {
                link.close();
            }
        }
    }

    /** Closes every connection open through the proxy, both ends; what was held is dropped. New ones are taken. */
    public void cutAll() {
        for (Link l : links) {
            l.close();
        }
    }

    /**
     * From now on nothing goes through, either way, on any connection, new ones included: bytes are read and held,
     * so a client that sent a request waits for its answer as on a server that stopped.
     */
    public void hold() {
        synchronized (lock) {
            holding = true;
            heldFromClients = 0;
        }
    }

    /** Bytes the clients sent since {@link #hold()} that are held: above 0, someone is stalled on the proxy. */
    public long heldBytes() {
        synchronized (lock) {
            return heldFromClients;
        }
    }

    /** Lets everything through again, what was held first (flushed on a thread of its own: this never blocks). */
    public void release() {
        synchronized (lock) {
            holding = false;
        }
        Thread flush = new Thread(() -> links.forEach(Link::flush), "tck-proxy-release");
        flush.setDaemon(true);
        flush.start();
    }

    /** A stall of every connection through this proxy: {@link #hold()}, released when closed. */
    public Faults.Stall stall() {
        hold();
        return new Faults.Stall() {
            @Override
            public void awaitStalled() throws Exception {
                Await.until("a request held by the proxy in front of " + upstream, () -> heldBytes() > 0);
            }

            @Override
            public void close() {
                release();
            }
        };
    }

    /**
     * Arms the proxy: the first connection whose client sends {@code marker} (e.g. {@code COMMIT}, {@code POST /write})
     * gets its answers held from then on (what the client sends still goes through), until {@link #cutHeldAnswer()}.
     */
    public void holdRepliesAfter(byte[] marker) {
        synchronized (lock) {
            this.marker = marker.clone();
            this.answerLink = null;
            links.forEach(l -> l.tail = NOTHING);
        }
    }

    public void holdRepliesAfter(String marker) {
        holdRepliesAfter(marker.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Whether the server answered after the marker, and the answer is held. */
    public boolean answerHeld() {
        synchronized (lock) {
            return answerLink != null && answerLink.repliesHeldBytes > 0;
        }
    }

    /** Closes the connection whose answer is held. */
    public void cutHeldAnswer() {
        Link l;
        synchronized (lock) {
            l = answerLink;
            answerLink = null;
            marker = null;
        }
        if (l != null) {
            l.close();
        }
    }

    /** {@link #holdRepliesAfter} as a {@link Faults.HeldAnswer}. */
    public Faults.HeldAnswer holdNextAnswer(byte[] marker) {
        holdRepliesAfter(marker);
        return new Faults.HeldAnswer() {
            @Override
            public void awaitHeld() throws Exception {
                Await.until("an answer held after '" + new String(marker, StandardCharsets.ISO_8859_1).strip()
                        + "' by the proxy in front of " + upstream, FaultProxy.this::answerHeld);
            }

            @Override
            public void cut() {
                cutHeldAnswer();
            }
        };
    }

    public Faults.HeldAnswer holdNextAnswer(String marker) {
        return holdNextAnswer(marker.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Connections open through the proxy. */
    public int connections() {
        return links.size();
    }

    @Override
    public void close() {
        closed = true;
        closeQuietly(server);
        cutAll();
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // closing anyway
        }
    }

    private static int indexOf(byte[] hay, int len, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= len; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** One client connection and its connection to the server. */
    private final class Link {
        final Socket client;
        final Socket up;
        Pump toServer;
        Pump toClient;
        /** Guarded by {@link #lock}: the client sent the marker; the server's bytes are held from then on. */
        boolean repliesHeld;
        long repliesHeldBytes;
        byte[] tail = NOTHING;

        Link(Socket client, Socket up) {
            this.client = client;
            this.up = up;
        }

        void start() throws IOException {
            toServer = new Pump(this, client.getInputStream(), up.getOutputStream(), true);
            toClient = new Pump(this, up.getInputStream(), client.getOutputStream(), false);
            toServer.start();
            toClient.start();
        }

        void flush() {
            if (toServer != null) {
                toServer.flush();
                toClient.flush();
            }
        }

        void close() {
            links.remove(this);
            closeQuietly(client);
            closeQuietly(up);
        }

        /** Under {@link #lock}: whether this chunk from the client completes the armed marker. */
        void match(byte[] buf, int n) {
            if (marker == null || answerLink != null) {
                return;
            }
            byte[] hay = Arrays.copyOf(tail, tail.length + n);
            System.arraycopy(buf, 0, hay, tail.length, n);
            if (indexOf(hay, hay.length, marker) >= 0) {
                repliesHeld = true;
                answerLink = this;
                marker = null;
                tail = NOTHING;
                return;
            }
            int keep = Math.min(hay.length, marker.length - 1);
            tail = Arrays.copyOfRange(hay, hay.length - keep, hay.length);
        }
    }

    /** Copies one direction of a link, holding what it reads while told to. */
    private final class Pump extends Thread {
        private final Link link;
        private final InputStream in;
        private final OutputStream out;
        private final boolean fromClient;
        private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

        Pump(Link link, InputStream in, OutputStream out, boolean fromClient) {
            super("tck-proxy-" + port() + (fromClient ? "-up" : "-down"));
            setDaemon(true);
            this.link = link;
            this.in = in;
            this.out = out;
            this.fromClient = fromClient;
        }

        @Override
        public void run() {
            byte[] buf = new byte[BUFFER];
            try {
                for (int n; (n = in.read(buf)) >= 0; ) {
                    if (n > 0) {
                        receive(buf, n);
                    }
                }
            } catch (IOException ended) {
                // the link is closed below
            }
            link.close(); // one end gone: the other end sees its connection end too
        }

        private void receive(byte[] buf, int n) throws IOException {
            boolean held;
            synchronized (lock) {
                if (fromClient) {
                    link.match(buf, n);
                }
                held = holding || !fromClient && link.repliesHeld;
                if (held) {
                    if (fromClient) {
                        heldFromClients += n;
                    } else if (link.repliesHeld) {
                        link.repliesHeldBytes += n;
                    }
                }
            }
            synchronized (this) {
                if (held) {
                    pending.write(buf, 0, n);
                    if (!stillHeld()) { // released meanwhile, its flush done before this chunk came: send it now
                        writePending();
                        out.flush();
                    }
                    return;
                }
                writePending();
                out.write(buf, 0, n);
                out.flush();
            }
        }

        private void writePending() throws IOException {
            if (pending.size() > 0) {
                pending.writeTo(out);
                pending.reset();
            }
        }

        private boolean stillHeld() {
            synchronized (lock) {
                return holding || !fromClient && link.repliesHeld;
            }
        }

        /** Sends what was held, unless this direction is still held. */
        void flush() {
            if (stillHeld()) {
                return;
            }
            synchronized (this) {
                try {
                    writePending();
                    out.flush();
                } catch (IOException e) {
                    link.close();
                }
            }
        }
    }
}
