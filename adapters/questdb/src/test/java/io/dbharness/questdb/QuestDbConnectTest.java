package io.dbharness.questdb;

import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Endpoint resolution and connection failures. */
@org.junit.jupiter.api.Tag("server")
class QuestDbConnectTest {

    private static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void closedPortsAreUnreachable() throws IOException {
        int free = closedPort();
        long start = System.nanoTime();
        TargetException e = assertThrows(TargetException.class,
                () -> QuestDbTestSupport.open(Map.of("questdb-http", "http://127.0.0.1:" + free, "questdb-pg", "127.0.0.1:" + free)));
        assertEquals(TargetException.Kind.UNREACHABLE, e.kind());
        assertEquals("cannot reach QuestDB at 127.0.0.1:" + free + ": connection refused", e.getMessage(),
                "the HTTP endpoint is tried first");
        assertTrue((System.nanoTime() - start) / 1_000_000 < 10_000);
    }

    /** A wrong --questdb-http is named as given, not as the PostgreSQL wire port derived from it. */
    @Test
    void aWrongHttpUrlAloneIsNamedAsGiven() {
        TargetException e = assertThrows(TargetException.class,
                () -> QuestDbTestSupport.open(Map.of("questdb-http", "http://127.0.0.1:1")));
        assertEquals(TargetException.Kind.UNREACHABLE, e.kind());
        assertEquals("cannot reach QuestDB at 127.0.0.1:1: connection refused", e.getMessage());
    }

    /** When only the HTTP endpoint answers, the derived PostgreSQL wire port is named with where it came from. */
    @Test
    void aDerivedPgPortThatDoesNotAnswerSaysItWasDerived() throws IOException {
        TargetException e = assertThrows(TargetException.class, () -> QuestDbTestSupport.open(Map.of(
                "questdb-http", "http://127.0.0.1:" + EmbeddedQuestDbFixture.httpPort())));
        assertEquals(TargetException.Kind.UNREACHABLE, e.kind());
        assertEquals("cannot connect to QuestDB's PostgreSQL wire at 127.0.0.1:8812: connection refused (taken to be"
                + " port 8812 of the --questdb-http host; --questdb-pg names another)", e.getMessage());
    }

    @Test
    void aClosedHttpPortIsUnreachableEvenWhenPgAnswers() throws IOException {
        int free = closedPort();
        TargetException e = assertThrows(TargetException.class, () -> QuestDbTestSupport.open(Map.of(
                "questdb-http", "127.0.0.1:" + free, "questdb-pg", "127.0.0.1:" + EmbeddedQuestDbFixture.pgPort())));
        assertEquals(TargetException.Kind.UNREACHABLE, e.kind());
        assertEquals("cannot reach QuestDB at 127.0.0.1:" + free + ": connection refused", e.getMessage());
    }

    @Test
    void wrongPasswordIsAuthenticationAndNeverShown() {
        TargetException e = assertThrows(TargetException.class, () -> QuestDbTestSupport.openShared(
                Map.of("questdb-password", "wr0ng-Pa55")));
        assertEquals(TargetException.Kind.AUTHENTICATION, e.kind(), e.getMessage());
        assertTrue(e.getMessage().startsWith("QuestDB refused the credentials for user 'admin'"), e.getMessage());
        for (Throwable t = e; t != null; t = t.getCause()) {
            assertFalse(String.valueOf(t.getMessage()).contains("wr0ng-Pa55"));
        }
    }

    @Test
    void endpointsAreDerivedFromEachOther() {
        QuestDbEndpoint fromHttp = QuestDbEndpoint.resolve(QuestDbTestSupport.settings(Map.of("questdb-http", "db1:9100"))).orElseThrow();
        assertEquals("http://db1:9100", fromHttp.http().toString());
        assertEquals("jdbc:postgresql://db1:8812/qdb", fromHttp.jdbcUrl());
        assertEquals("db1:9100", fromHttp.display());
        QuestDbEndpoint fromPg = QuestDbEndpoint.resolve(QuestDbTestSupport.settings(Map.of("questdb-pg", "jdbc:postgresql://db2:9999/qdb"))).orElseThrow();
        assertEquals("http://db2:9000", fromPg.http().toString());
        assertEquals("jdbc:postgresql://db2:9999/qdb", fromPg.jdbcUrl());
        assertFalse(fromPg.toString().contains("quest,"), fromPg.toString());
        assertTrue(QuestDbEndpoint.resolve(QuestDbTestSupport.settings(Map.of())).isEmpty(), "nothing named: embedded");
    }

    @Test
    void badUrlsAreUsageErrors() {
        UsageException path = assertThrows(UsageException.class,
                () -> QuestDbEndpoint.resolve(QuestDbTestSupport.settings(Map.of("questdb-http", "http://h:9000/write"))));
        assertEquals("invalid value 'http://h:9000/write' for --questdb-http: expected http://HOST[:PORT] (no path, no credentials)",
                path.getMessage());
        UsageException creds = assertThrows(UsageException.class,
                () -> QuestDbEndpoint.resolve(QuestDbTestSupport.settings(Map.of("questdb-http", "http://u:secret@h:9000"))));
        assertFalse(creds.getMessage().contains("secret"), creds.getMessage());
    }

    @Test
    void serverMessageIsOneLine() {
        assertEquals("failed to parse line protocol:errors encountered on line(s): error in line 1: bad \"x\"",
                IlpHttp.serverMessage("{\"code\":\"invalid\",\"message\":\"failed to parse line protocol:errors encountered on line(s):\\nerror in line 1: bad \\\"x\\\"\",\"line\":1}"));
        assertEquals("plain text", IlpHttp.serverMessage("plain\ntext"));
    }
}
