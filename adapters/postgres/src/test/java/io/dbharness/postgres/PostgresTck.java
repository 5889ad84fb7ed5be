package io.dbharness.postgres;

import io.dbharness.core.api.TargetException;
import io.dbharness.tck.Contract;

import java.sql.SQLException;
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

    private static EmbeddedPostgres server;
    private static final Map<String, PgFamilyFaults> FAULTS = new HashMap<>();

    private PostgresTck() {
    }

    static synchronized EmbeddedPostgres server() throws TargetException {
        if (server == null) {
            EmbeddedPostgres s = EmbeddedPostgres.checkingPasswords().startedForTheJvm();
            try {
                s.execute("CREATE ROLE " + USER + " LOGIN PASSWORD '" + PASSWORD + "'");
                s.execute("GRANT CREATE ON SCHEMA public TO " + USER);
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
