package io.dbharness.postgres;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Embedded servers after the first start from a copy of the first one's initdb (the data template), not an initdb of
 * their own: they share its system identifier, which initdb draws anew each time. Each is a working server of its own.
 */
@Tag("server")
@Timeout(180)
class EmbeddedServerStartTest {

    @Test
    void laterServersStartFromTheFirstInitdbAndEachKeepsItsOwnData() throws Exception {
        try (EmbeddedServer first = EmbeddedServer.start()) {
            assertTrue(java.nio.file.Files.isDirectory(DataTemplate.of(PgBinaries.install()).orElseThrow()),
                    "the first start keeps its initdb beside the binaries");
            try (EmbeddedServer second = EmbeddedServer.start(); EmbeddedServer third = EmbeddedServer.start()) {
                assertEquals(systemIdentifier(second), systemIdentifier(third), "copies of one initdb");
                execute(second, "CREATE TABLE only_here (n int); INSERT INTO only_here VALUES (1), (2)");
                assertEquals(2, count(second, "SELECT count(*) FROM only_here"));
                assertEquals(0, count(third, "SELECT count(*) FROM pg_class WHERE relname = 'only_here'"));
                assertEquals(0, count(first, "SELECT count(*) FROM pg_class WHERE relname = 'only_here'"));
            }
        }
    }

    private static Connection connect(EmbeddedServer s) throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://localhost:" + s.port() + "/postgres", "postgres", "");
    }

    private static long systemIdentifier(EmbeddedServer s) throws SQLException {
        return count(s, "SELECT system_identifier FROM pg_control_system()");
    }

    private static long count(EmbeddedServer s, String sql) throws SQLException {
        try (Connection c = connect(s); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void execute(EmbeddedServer s, String sql) throws SQLException {
        try (Connection c = connect(s); Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }
}
