package io.dbharness.postgres;

import io.dbharness.core.api.TargetProvider;
import io.dbharness.tck.Faults;
import io.dbharness.tck.QueryContract;

import java.util.Map;

/** The postgres target's queries. */
@org.junit.jupiter.api.Tag("server")
class PostgresQueryContractTest extends QueryContract {

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
}
