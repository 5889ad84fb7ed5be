package io.dbharness.matrixdb;

import io.dbharness.postgres.PgFamilyFaults;
import io.dbharness.postgres.PgFamilyTck;
import io.dbharness.tck.Clause;
import io.dbharness.tck.NotApplicable;
import org.junit.jupiter.api.BeforeEach;

/**
 * The target contract of {@link MatrixDbTargetContractTest} against a real server of the product, named by
 * {@code DBHARNESS_MATRIXDB_URL} ({@code jdbc:SCHEME://HOST:PORT/DB}, user and password in PGUSER/PGPASSWORD),
 * without {@code --allow-compatible-server}; skipped, saying so, when it is not set. Not run here: no such
 * server can be installed on our machines.
 */
@org.junit.jupiter.api.Tag("server")
class MatrixDbServerTargetContractTest extends MatrixDbTargetContractTest {

    /** Per test, as the other *ServerTest classes do, so every clause not run is reported as skipped, saying why. */
    @BeforeEach
    void needsAServer() {
        server();
    }

    private static PgFamilyTck server() {
        return PgFamilyTck.server("DBHARNESS_MATRIXDB_URL", PgFamilyFaults.COPY_DONE);
    }

    @Override
    PgFamilyTck tck() {
        return server();
    }

    @Override
    protected NotApplicable notApplicable() {
        NotApplicable na = NotApplicable.none();
        if (!server().hasPassword()) {
            na = na.and("no PGPASSWORD given: the options carry no secret to hide", Clause.SECRETS);
        }
        return na;
    }
}
