package io.dbharness.postgres;

import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.net.ServerSocket;
import java.sql.Connection;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Connection resolution and failures against a server that checks passwords (scram) for every role but postgres. */
@org.junit.jupiter.api.Tag("server")
class PostgresConnectTest {

    private static final String PASSWORD = "s3cret-Pa55";
    private static final String WRONG = "wr0ng-Pa55word";

    /** Checks passwords for every role but postgres. */
    @RegisterExtension
    static final EmbeddedPostgres server = EmbeddedPostgres.checkingPasswords();
    private static String port;

    @BeforeAll
    static void start() throws Exception {
        port = Integer.toString(server.port());
        server.execute("CREATE ROLE bob LOGIN PASSWORD '" + PASSWORD + "'");
    }


    @Test
    void rightPasswordConnects() throws Exception {
        try (TargetAdapter t = PgTestSupport.open(Map.of("port", port, "user", "bob", "password", PASSWORD,
                "database", "postgres"))) {
            assertEquals("localhost:" + port + "/postgres", t.describe().endpoint());
            assertFalse(t.toString().contains(PASSWORD));
            assertFalse(t.describe().toString().contains(PASSWORD));
        }
    }

    @Test
    void urlWithCredentialsOnTop() throws Exception {
        try (TargetAdapter t = PgTestSupport.open(Map.of("url", "jdbc:postgresql://localhost:" + port + "/postgres",
                "user", "bob", "password", PASSWORD))) {
            assertEquals("localhost:" + port + "/postgres", t.describe().endpoint());
        }
    }

    @Test
    void wrongPasswordIsAuthentication() {
        TargetException e = assertThrows(TargetException.class, () -> PgTestSupport.open(Map.of("port", port,
                "user", "bob", "password", WRONG, "database", "postgres")));
        assertEquals(TargetException.Kind.AUTHENTICATION, e.kind());
        assertEquals("28P01", e.vendorCode());
        assertEquals("PostgreSQL refused the credentials for user 'bob' at localhost:" + port
                + "/postgres (password authentication failed)", e.getMessage());
        assertNoSecret(e, WRONG);
        assertNoSecret(e, PASSWORD);
    }

    @Test
    void missingRoleIsAuthentication() {
        TargetException e = assertThrows(TargetException.class, () -> PgTestSupport.open(Map.of("url",
                "jdbc:postgresql://localhost:" + port + "/postgres", "user", "nobody", "password", WRONG)));
        assertEquals(TargetException.Kind.AUTHENTICATION, e.kind());
        assertTrue(e.getMessage().startsWith("PostgreSQL refused the credentials for user 'nobody' at localhost:" + port),
                e.getMessage());
        assertNoSecret(e, WRONG);
    }

    @Test
    void closedPortIsUnreachable() throws IOException {
        int free;
        try (ServerSocket s = new ServerSocket(0)) {
            free = s.getLocalPort();
        }
        long start = System.nanoTime();
        TargetException e = assertThrows(TargetException.class, () -> PgTestSupport.open(Map.of("host", "127.0.0.1",
                "port", Integer.toString(free), "user", "bob", "password", WRONG)));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(TargetException.Kind.UNREACHABLE, e.kind());
        assertEquals("cannot connect to PostgreSQL at 127.0.0.1:" + free + "/bob: connection refused", e.getMessage());
        assertTrue(millis < 10_000, "took " + millis + " ms");
        assertNoSecret(e, WRONG);
    }

    @Test
    void missingDatabaseIsAUsageErrorNamingDatabaseAndServer() {
        UsageException e = assertThrows(UsageException.class, () -> PgTestSupport.open(Map.of("port", port,
                "user", "postgres", "database", "nosuchdb")));
        assertEquals("database \"nosuchdb\" does not exist on PostgreSQL at localhost:" + port
                + "; create it or pick another with --database", e.getMessage());
        UsageException viaUrl = assertThrows(UsageException.class, () -> PgTestSupport.open(Map.of(
                "url", "jdbc:postgresql://127.0.0.1:" + port + "/no%20such", "user", "postgres")));
        assertEquals("database \"no such\" does not exist on PostgreSQL at 127.0.0.1:" + port
                + "; create it or pick another in --url", viaUrl.getMessage());
        // no database in the URL: the server looks for the user's
        UsageException byUser = assertThrows(UsageException.class, () -> PgTestSupport.open(Map.of(
                "url", "jdbc:postgresql://localhost:" + port + "/", "user", "bob", "password", PASSWORD)));
        assertEquals("database \"bob\" does not exist on PostgreSQL at localhost:" + port
                + "; create it or pick another in --url", byUser.getMessage());
    }

    @Test
    void anUnknownChoiceInTheUrlIsAUsageErrorBeforeConnecting() {
        UsageException e = assertThrows(UsageException.class, () -> PgTestSupport.open(Map.of(
                "url", "jdbc:postgresql://localhost:" + port + "/postgres?sslmode=bogus", "user", "postgres")));
        assertEquals("invalid value 'bogus' for sslmode in --url: expected disable|allow|prefer|require|verify-ca|verify-full",
                e.getMessage());
        // checked before connecting: a closed port does not turn it into "unreachable"
        UsageException closed = assertThrows(UsageException.class, () -> PgTestSupport.open(Map.of(
                "url", "jdbc:postgresql://127.0.0.1:1/x?ApplicationName=a&targetServerType=leader&password=" + WRONG)));
        assertTrue(closed.getMessage().startsWith("invalid value 'leader' for targetServerType in --url: expected any|primary|"),
                closed.getMessage());
        assertNoSecret(closed, WRONG);
    }

    @Test
    void declaredChoicesGivenRightConnect() throws Exception {
        try (TargetAdapter t = PgTestSupport.open(Map.of("url", "jdbc:postgresql://localhost:" + port
                + "/postgres?sslmode=DISABLE&targetServerType=any&requireAuth=password,scram-sha-256&stringtype=unspecified"
                + "&ApplicationName=x", "user", "bob", "password", PASSWORD))) {
            assertEquals("localhost:" + port + "/postgres", t.describe().endpoint());
        }
    }

    @Test
    void choicesAreTheDriversOwn() {
        java.sql.Driver pg = new org.postgresql.Driver();
        PgFamilyProvider.checkUrlProperties(pg, "jdbc:postgresql://h/x");
        PgFamilyProvider.checkUrlProperties(pg, "jdbc:postgresql://h/x?sslmode=verify-full&gssEncMode=disable&loggerLevel=off");
        assertEquals("invalid value 'sometimes' for autosave in --url: expected always|never|conservative",
                assertThrows(UsageException.class, () -> PgFamilyProvider.checkUrlProperties(pg,
                        "jdbc:postgresql://h/x?autosave=sometimes")).getMessage());
        assertEquals("invalid value 'password,kerberos' for requireAuth in --url: expected "
                        + "password|md5|gss|sspi|scram-sha-256|none|!password|!md5|!gss|!sspi|!scram-sha-256|!none",
                assertThrows(UsageException.class, () -> PgFamilyProvider.checkUrlProperties(pg,
                        "jdbc:postgresql://h/x?requireAuth=password,kerberos")).getMessage());
    }

    @Test
    void socketDirectoryIsAUsageError() {
        UsageException e = assertThrows(UsageException.class, () -> PgTestSupport.open(Map.of("host", "/var/run/postgresql")));
        assertTrue(e.getMessage().contains("Unix socket"), e.getMessage());
    }

    @Test
    void badUrlIsAUsageError() {
        UsageException e = assertThrows(UsageException.class, () -> PgTestSupport.open(Map.of("url", "jdbc:mysql://x/y?password=" + WRONG)));
        assertEquals("invalid value for --url: expected jdbc:postgresql://HOST:PORT/DATABASE", e.getMessage());
    }

    @Test
    void credentialsBeforeTheHostAreRefusedWithoutEchoingThem() {
        for (String url : List.of("jdbc:postgresql://bob:" + WRONG + "@127.0.0.1:1/db", "jdbc:postgresql://bob@127.0.0.1:1/db")) {
            UsageException e = assertThrows(UsageException.class, () -> PgTestSupport.open(Map.of("url", url)));
            assertTrue(e.getMessage().contains("--user and --password"), e.getMessage());
            assertNoSecret(e, WRONG);
            assertFalse(e.getMessage().contains("bob"), e.getMessage());
        }
    }

    @Test
    void endpointToStringMasksThePassword() {
        PostgresEndpoint ep = PostgresEndpoint.resolve(PgTestSupport.settings(Map.of("user", "bob", "password", PASSWORD))).orElseThrow();
        assertFalse(ep.toString().contains(PASSWORD), ep.toString());
        assertEquals("localhost:5432/bob", ep.display());
        assertFalse(PgTestSupport.settings(Map.of("password", PASSWORD)).masked().toString().contains(PASSWORD));
    }

    private static void assertNoSecret(Throwable e, String secret) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            assertFalse(String.valueOf(t.getMessage()).contains(secret), t.toString());
        }
    }
}
