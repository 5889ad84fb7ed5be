package io.dbharness.mogdb;

import io.dbharness.core.api.TargetProvider;
import io.dbharness.postgres.PgFamilyFaults;
import io.dbharness.postgres.PgFamilyTck;
import io.dbharness.tck.Faults;
import io.dbharness.tck.QueryContract;

import java.util.Map;

/** The mogdb target's query texts on embedded PostgreSQL; {@link MogDbServerQueryContractTest} on a real server. */
@org.junit.jupiter.api.Tag("server")
class MogDbQueryContractTest extends QueryContract {

    PgFamilyTck tck() throws Exception {
        return PgFamilyTck.embedded(PgFamilyFaults.COPY_DONE);
    }

    @Override
    protected TargetProvider provider() {
        return new MogDbTargetProvider();
    }

    @Override
    protected Map<String, String> options() throws Exception {
        return tck().options("jdbc:postgresql:");
    }

    @Override
    protected Faults faults() throws Exception {
        return tck().faults();
    }
}
