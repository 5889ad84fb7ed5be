package io.dbharness.postgres;

import io.dbharness.core.api.TargetProvider;
import io.dbharness.tck.Faults;
import io.dbharness.tck.LostWrites;
import io.dbharness.tck.TargetContract;

import java.util.Map;

/** The postgres target (binary COPY, commits tracked by txid_status) against a server that checks passwords. */
@org.junit.jupiter.api.Tag("server")
class PostgresTargetContractTest extends TargetContract {

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
    protected Map<String, String> refusedCredentials(String secret) {
        return Map.of("password", secret);
    }

    @Override
    protected LostWrites lostWrites() {
        return LostWrites.SETTLED;
    }
}
