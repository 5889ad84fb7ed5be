package io.dbharness.yugabyte;

import io.dbharness.postgres.PgFamilyFaults;
import io.dbharness.postgres.PgFamilyTck;
import io.dbharness.tck.Clause;
import io.dbharness.tck.NotApplicable;
import org.junit.jupiter.api.BeforeEach;

/**
 * The query contract of {@link YugabyteQueryContractTest} against a real server of the product, named by
 * {@code DBHARNESS_YUGABYTE_URL} ({@code jdbc:SCHEME://HOST:PORT/DB}, user and password in PGUSER/PGPASSWORD),
 * without {@code --allow-compatible-server}; skipped, saying so, when it is not set. Not run here: no such
 * server can be installed on our machines.
 */
@org.junit.jupiter.api.Tag("server")
class YugabyteServerQueryContractTest extends YugabyteQueryContractTest {

    /** Per test, as the other *ServerTest classes do, so every clause not run is reported as skipped, saying why. */
    @BeforeEach
    void needsAServer() {
        server();
    }

    private static PgFamilyTck server() {
        return PgFamilyTck.server(YugabyteServerTest.VARIABLE, PgFamilyFaults.COPY_DONE);
    }

    @Override
    PgFamilyTck tck() {
        return server();
    }

    @Override
    protected NotApplicable notApplicable() {
        NotApplicable na = NotApplicable.none();
        na = na.and("a stall is a LOCK TABLE held by another session, and YSQL has no table lock that blocks a COPY or a"
                        + " SELECT (LOCK TABLE is refused before the table-level locks of YugabyteDB 2.25)",
                Clause.QUERY_CANCEL);
        return na;
    }
}
