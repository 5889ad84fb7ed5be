package io.dbharness.mogdb;

import io.dbharness.postgres.PgFamilyFaults;
import io.dbharness.postgres.PgFamilyTck;
import org.junit.jupiter.api.BeforeEach;

/**
 * The query contract of {@link MogDbQueryContractTest} against a real server of the product, named by
 * {@code DBHARNESS_MOGDB_URL} ({@code jdbc:SCHEME://HOST:PORT/DB}, user and password in PGUSER/PGPASSWORD),
 * without {@code --allow-compatible-server}; skipped, saying so, when it is not set. Not run here: no such
 * server can be installed on our machines.
 */
@org.junit.jupiter.api.Tag("server")
class MogDbServerQueryContractTest extends MogDbQueryContractTest {

    /** Per test, as the other *ServerTest classes do, so every clause not run is reported as skipped, saying why. */
    @BeforeEach
    void needsAServer() {
        server();
    }

    private static PgFamilyTck server() {
        return PgFamilyTck.server("DBHARNESS_MOGDB_URL", PgFamilyFaults.COPY_DONE);
    }

    @Override
    PgFamilyTck tck() {
        return server();
    }
}
