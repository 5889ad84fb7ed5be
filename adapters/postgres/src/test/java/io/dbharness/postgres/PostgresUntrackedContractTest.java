package io.dbharness.postgres;

import io.dbharness.core.api.TargetProvider;
import io.dbharness.tck.Faults;
import io.dbharness.tck.LostWrites;
import io.dbharness.tck.TargetContract;

import java.util.HashMap;
import java.util.Map;

/**
 * The postgres target with {@code --pg-track-commits=false}: each batch a COPY in autocommit, so a COPY whose
 * answer was lost at its end is of unknown fate, as on the family products.
 */
@org.junit.jupiter.api.Tag("server")
class PostgresUntrackedContractTest extends TargetContract {

    @Override
    protected TargetProvider provider() {
        return new PostgresTargetProvider();
    }

    @Override
    protected Map<String, String> options() throws Exception {
        Map<String, String> o = new HashMap<>(PostgresTck.options(PostgresTck.faults(PgFamilyFaults.COPY_DONE)));
        o.put("pg-track-commits", "false");
        return o;
    }

    @Override
    protected Faults faults() throws Exception {
        return PostgresTck.faults(PgFamilyFaults.COPY_DONE);
    }

    @Override
    protected Map<String, String> refusedCredentials(String secret) {
        return Map.of("password", secret);
    }

    @Override
    protected LostWrites lostWrites() {
        return LostWrites.IN_DOUBT;
    }
}
