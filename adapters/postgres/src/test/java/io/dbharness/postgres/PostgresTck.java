package io.dbharness.postgres;

import io.dbharness.core.api.TargetException;
import io.dbharness.tck.Contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * The server the postgres target's contract tests share: an embedded PostgreSQL that checks passwords (scram) for
 * every role but {@code postgres}, with a role {@value #USER} whose password carries the contract's secret, and the
 * faults, one set per answer marker (each with its proxy in front of the server).
 */
final class PostgresTck {

    static final String USER = "tck";
    static final String PASSWORD = "pw-" + Contract.SECRET;

    private static EmbeddedServer server;
    private static final Map<String, PgFamilyFaults> FAULTS = new HashMap<>();

    private PostgresTck() {
    }

    static synchronized EmbeddedServer server() throws TargetException {
        if (server == null) {
            EmbeddedServer s = EmbeddedServer.start(data -> {
                try {
                    Files.writeString(data.resolve("pg_hba.conf"), "local all all trust\n"
                            + "host all postgres 127.0.0.1/32 trust\nhost all postgres ::1/128 trust\n"
                            + "host all all 127.0.0.1/32 scram-sha-256\nhost all all ::1/128 scram-sha-256\n");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            Runtime.getRuntime().addShutdownHook(new Thread(s::close, "postgres-tck-stop"));
            try (Connection c = DriverManager.getConnection("jdbc:postgresql://localhost:" + s.port() + "/postgres", "postgres", "");
                 Statement st = c.createStatement()) {
                st.execute("CREATE ROLE " + USER + " LOGIN PASSWORD '" + PASSWORD + "'");
                st.execute("GRANT CREATE ON SCHEMA public TO " + USER);
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            server = s;
        }
        return server;
    }

    /** The faults whose held answer comes after {@code marker} ({@link PgFamilyFaults#COMMIT}, {@link PgFamilyFaults#COPY_DONE}). */
    static synchronized PgFamilyFaults faults(byte[] marker) throws Exception {
        String key = new String(marker, java.nio.charset.StandardCharsets.ISO_8859_1);
        PgFamilyFaults f = FAULTS.get(key);
        if (f == null) {
            int port = server().port();
            f = new PgFamilyFaults("127.0.0.1", port, "postgres", "jdbc:postgresql://localhost:" + port + "/postgres",
                    "postgres", null, marker);
            FAULTS.put(key, f);
        }
        return f;
    }

    /** The options of the postgres target as role {@value #USER}, through the proxy of {@code faults}. */
    static Map<String, String> options(PgFamilyFaults faults) {
        return Map.of("url", faults.url("jdbc:postgresql:"), "user", USER, "password", PASSWORD);
    }
}
