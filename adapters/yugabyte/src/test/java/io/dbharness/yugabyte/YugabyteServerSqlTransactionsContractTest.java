package io.dbharness.yugabyte;

import io.dbharness.postgres.PgFamilyFaults;
import io.dbharness.postgres.PgFamilyTck;
import io.dbharness.tck.Clause;
import io.dbharness.tck.NotApplicable;
import org.junit.jupiter.api.BeforeEach;

/**
 * The SQL transactions contract of {@link YugabyteSqlTransactionsContractTest} against a real server of the product, named by
 * {@code DBHARNESS_YUGABYTE_URL} ({@code jdbc:SCHEME://HOST:PORT/DB}, user and password in PGUSER/PGPASSWORD),
 * without {@code --allow-compatible-server}; skipped, saying so, when it is not set. Not run here: no such
 * server can be installed on our machines.
 */
@org.junit.jupiter.api.Tag("server")
class YugabyteServerSqlTransactionsContractTest extends YugabyteSqlTransactionsContractTest {

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
        na = na.and("YugabyteDB runs READ COMMITTED as REPEATABLE READ (snapshot) unless its tservers set"
                        + " yb_enable_read_committed_isolation", Clause.TX_ISOLATION);
        return na;
    }
}
