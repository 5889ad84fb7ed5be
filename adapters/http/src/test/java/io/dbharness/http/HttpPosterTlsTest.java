package io.dbharness.http;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.TrustManagerFactory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * HTTPS against scripted TLS servers with self-signed certificates made by the JDK's keytool: one naming
 * 127.0.0.1 (trusted by the test's SSL context), one naming another host (hostname verification).
 */
class HttpPosterTlsTest {

    private static final char[] PASSWORD = "changeit".toCharArray();
    private static final List<String> HEADERS = List.of("Content-Type: text/plain");
    private static final Duration SHORT = Duration.ofMillis(500);

    @TempDir
    static Path dir;
    private static KeyStore loopbackCert;
    private static KeyStore otherHostCert;

    @BeforeAll
    static void makeCertificates() throws Exception {
        loopbackCert = keytool("loopback", "SAN=ip:127.0.0.1");
        otherHostCert = keytool("other", "SAN=dns:db.example.invalid");
    }

    private static KeyStore keytool(String name, String san) throws Exception {
        Path file = dir.resolve(name + ".p12");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", name, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=" + name,
                "-ext", san, "-validity", "2", "-storetype", "PKCS12", "-keystore", file.toString(),
                "-storepass", new String(PASSWORD), "-keypass", new String(PASSWORD))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, "keytool: " + out);
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            ks.load(in, PASSWORD);
        }
        return ks;
    }

    private static SSLContext server(KeyStore cert) throws Exception {
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(cert, PASSWORD);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), null, null);
        return ctx;
    }

    /** A client context that trusts both test certificates (and nothing else). */
    private static SSLContext trusting() throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("loopback", loopbackCert.getCertificate("loopback"));
        trust.setCertificateEntry("other", otherHostCert.getCertificate("other"));
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(null, tmf.getTrustManagers(), null);
        return ctx;
    }

    private static ScriptedServer tlsServer(KeyStore cert, ScriptedServer.Script script) throws Exception {
        SSLServerSocket ss = (SSLServerSocket) server(cert).getServerSocketFactory()
                .createServerSocket(0, 50, InetAddress.getLoopbackAddress());
        return new ScriptedServer(ss, "https", script);
    }

    private static void answerAll(ScriptedServer.Conn c) throws IOException {
        while (c.readRequest() != null) {
            c.write("HTTP/1.1 204 No Content\r\n\r\n");
        }
    }

    @Test
    void postsOverTlsOnOneKeptAliveConnection() throws Exception {
        byte[] body = "m c0=1 1\n".getBytes(StandardCharsets.UTF_8);
        try (ScriptedServer s = tlsServer(loopbackCert, HttpPosterTlsTest::answerAll);
             HttpPoster p = new HttpPoster(s.uri(), Duration.ofSeconds(5), Duration.ofSeconds(10), HttpPoster.VALIDATE_AFTER_IDLE, trusting())) {
            for (int i = 0; i < 3; i++) {
                assertEquals(204, p.post("/write", HEADERS, body, 0, body.length).status());
            }
            assertEquals(1, s.connections());
            assertEquals(3, s.bodiesReceived());
            assertArrayEquals(body, s.requests().get(2).body());
        }
    }

    @Test
    void handshakeThatNeverCompletesTimesOutWithinTheDeadline() throws Exception {
        // a plain socket that takes the ClientHello and never answers it
        try (ScriptedServer s = new ScriptedServer(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()), "https",
                c -> {
                    while (!c.socket.isClosed()) {
                        Thread.sleep(20);
                    }
                });
             HttpPoster p = new HttpPoster(s.uri(), Duration.ofSeconds(5), SHORT, HttpPoster.VALIDATE_AFTER_IDLE, trusting())) {
            long t0 = System.nanoTime();
            HttpFailure f = assertThrows(HttpFailure.class, () -> p.post("/write", HEADERS, new byte[1], 0, 1));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(f.timedOut(), f.getMessage());
            assertTrue(f.connectFailed());
            assertFalse(f.requestSent());
            assertTrue(f.getMessage().contains("TLS handshake"), f.getMessage());
            // ten times the deadline: slack for a loaded machine, and a handshake without a deadline never ends
            assertTrue(ms >= SHORT.toMillis() - 50 && ms < 10 * SHORT.toMillis(), "failed after " + ms + " ms");
        }
    }

    @Test
    void theDefaultTrustStoreRefusesASelfSignedServer() throws Exception {
        try (ScriptedServer s = tlsServer(loopbackCert, HttpPosterTlsTest::answerAll);
             HttpPoster p = new HttpPoster(s.uri(), Duration.ofSeconds(5), Duration.ofSeconds(5))) {
            HttpFailure f = assertThrows(HttpFailure.class, () -> p.post("/write", HEADERS, new byte[1], 0, 1));
            assertTrue(f.connectFailed(), f.getMessage());
            assertFalse(f.requestSent());
            assertFalse(f.timedOut());
            assertTrue(f.getMessage().contains("TLS handshake failed"), f.getMessage());
            assertEquals(0, s.bodiesReceived());
        }
    }

    @Test
    void aTrustedCertificateForAnotherHostIsRefused() throws Exception {
        try (ScriptedServer s = tlsServer(otherHostCert, HttpPosterTlsTest::answerAll);
             HttpPoster p = new HttpPoster(s.uri(), Duration.ofSeconds(5), Duration.ofSeconds(5), HttpPoster.VALIDATE_AFTER_IDLE, trusting())) {
            HttpFailure f = assertThrows(HttpFailure.class, () -> p.post("/write", HEADERS, new byte[1], 0, 1));
            assertTrue(f.connectFailed(), f.getMessage());
            assertFalse(f.requestSent());
            assertTrue(f.getMessage().contains("TLS handshake failed") && f.getMessage().contains("127.0.0.1"), f.getMessage());
            assertEquals(0, s.bodiesReceived());
        }
    }
}
