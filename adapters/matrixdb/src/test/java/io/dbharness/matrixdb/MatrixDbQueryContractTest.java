package io.dbharness.matrixdb;

import io.dbharness.core.api.TargetProvider;
import io.dbharness.postgres.PgFamilyFaults;
import io.dbharness.postgres.PgFamilyTck;
import io.dbharness.tck.Faults;
import io.dbharness.tck.QueryContract;

import java.util.Map;

/** The matrixdb target's query texts on embedded PostgreSQL; {@link MatrixDbServerQueryContractTest} on a real server. */
@org.junit.jupiter.api.Tag("server")
class MatrixDbQueryContractTest extends QueryContract {

    PgFamilyTck tck() throws Exception {
        return PgFamilyTck.embedded(PgFamilyFaults.COPY_DONE);
    }

    @Override
    protected TargetProvider provider() {
        return new MatrixDbTargetProvider();
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
