package io.dbharness.yugabyte;

import io.dbharness.core.api.TargetProvider;
import io.dbharness.postgres.PgFamilyFaults;
import io.dbharness.postgres.PgFamilyTck;
import io.dbharness.tck.Faults;
import io.dbharness.tck.QueryContract;

import java.util.Map;

/** The yugabyte target's query texts on embedded PostgreSQL; {@link YugabyteServerQueryContractTest} on a real server. */
@org.junit.jupiter.api.Tag("server")
class YugabyteQueryContractTest extends QueryContract {

    PgFamilyTck tck() throws Exception {
        return PgFamilyTck.embedded(PgFamilyFaults.COPY_DONE);
    }

    @Override
    protected TargetProvider provider() {
        return new YugabyteTargetProvider();
    }

    @Override
    protected Map<String, String> options() throws Exception {
        return tck().options("jdbc:yugabytedb:");
    }

    @Override
    protected Faults faults() throws Exception {
        return tck().faults();
    }
}
