package io.dbharness.tck;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The proxy the kit's faults use, in front of an echo server that upper-cases what it reads. */
class FaultProxyTest {

    private ServerSocket echo;
    private FaultProxy proxy;

    @BeforeEach
    void start() throws IOException {
        echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(() -> {
            while (true) {
                Socket s;
                try {
                    s = echo.accept();
                } catch (IOException closed) {
                    return;
                }
                Thread conn = new Thread(() -> {
                    try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                        byte[] buf = new byte[1024];
                        for (int n; (n = in.read(buf)) > 0; ) {
                            out.write(new String(buf, 0, n, StandardCharsets.US_ASCII).toUpperCase().getBytes(StandardCharsets.US_ASCII));
                            out.flush();
                        }
                    } catch (IOException ignored) {
                        // the test cut it
                    }
                });
                conn.setDaemon(true);
                conn.start();
            }
        });
        t.setDaemon(true);
        t.start();
        proxy = new FaultProxy("127.0.0.1", echo.getLocalPort());
    }

    @AfterEach
    void stop() throws IOException {
        proxy.close();
        echo.close();
    }

    private static String exchange(Socket s, String text) throws IOException {
        s.getOutputStream().write(text.getBytes(StandardCharsets.US_ASCII));
        byte[] buf = new byte[text.length()];
        int got = 0;
        while (got < buf.length) {
            int n = s.getInputStream().read(buf, got, buf.length - got);
            if (n < 0) {
                throw new IOException("closed");
            }
            got += n;
        }
        return new String(buf, StandardCharsets.US_ASCII);
    }

    private Socket connect() throws IOException {
        Socket s = new Socket("127.0.0.1", proxy.port());
        s.setSoTimeout(60_000);
        return s;
    }

    @Test
    void forwardsBothWays() throws IOException {
        try (Socket s = connect()) {
            assertEquals("HELLO", exchange(s, "hello"));
        }
    }

    @Test
    void holdsUntilReleasedAndSaysItHolds() throws Exception {
        try (Socket s = connect()) {
            assertEquals("A", exchange(s, "a"));
            Faults.Stall stall = proxy.stall();
            FutureTask<String> held = new FutureTask<>(() -> exchange(s, "held"));
            new Thread(held).start();
            stall.awaitStalled();
            assertEquals(4, proxy.heldBytes());
            assertFalse(held.isDone());
            stall.close();
            assertEquals("HELD", held.get(60, TimeUnit.SECONDS));
        }
    }

    @Test
    void holdsTheAnswerAfterTheMarkerAndCutsThatConnection() throws Exception {
        try (Socket s = connect(); Socket other = connect()) {
            Faults.HeldAnswer answer = proxy.holdNextAnswer("COMMIT");
            assertEquals("BEGIN", exchange(s, "begin"));
            FutureTask<String> lost = new FutureTask<>(() -> exchange(s, "xxCOMMIT"));
            new Thread(lost).start();
            answer.awaitHeld();
            assertEquals("STILL", exchange(other, "still"), "other connections are not held");
            answer.cut();
            Exception e = assertThrows(Exception.class, () -> lost.get(60, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof IOException, e.toString());
        }
    }

    @Test
    void cutAllEndsEveryConnectionAndTakesNewOnes() throws Exception {
        Socket s = connect();
        assertEquals("X", exchange(s, "x"));
        proxy.cutAll();
        assertThrows(IOException.class, () -> exchange(s, "y"));
        s.close();
        try (Socket again = connect()) {
            assertEquals("Z", exchange(again, "z"));
        }
    }
}
