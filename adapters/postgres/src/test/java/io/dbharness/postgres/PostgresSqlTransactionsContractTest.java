package io.dbharness.postgres;

import io.dbharness.core.api.TargetProvider;
import io.dbharness.tck.Faults;
import io.dbharness.tck.SqlTransactionsContract;

import java.util.Map;

/** The postgres target's SQL transactions (TPC-C's), commits tracked by txid_status (PostgreSQL 10+). */
@org.junit.jupiter.api.Tag("server")
class PostgresSqlTransactionsContractTest extends SqlTransactionsContract {

    @Override
    protected TargetProvider provider() {
        return new PostgresTargetProvider();
    }

    @Override
    protected Map<String, String> options() throws Exception {
        return PostgresTck.options(PostgresTck.faults(PgFamilyFaults.COMMIT));
    }

    @Override
    protected Faults faults() throws Exception {
        return PostgresTck.faults(PgFamilyFaults.COMMIT);
    }

    @Override
    protected boolean tracksCommits() {
        return true;
    }
}
