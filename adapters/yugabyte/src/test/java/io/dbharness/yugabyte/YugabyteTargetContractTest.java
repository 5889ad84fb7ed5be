package io.dbharness.yugabyte;

import io.dbharness.core.api.TargetProvider;
import io.dbharness.postgres.PgFamilyFaults;
import io.dbharness.postgres.PgFamilyTck;
import io.dbharness.tck.Faults;
import io.dbharness.tck.LostWrites;
import io.dbharness.tck.TargetContract;

import java.util.Map;

/**
 * The yugabyte target's wire path (its default COPY, in autocommit) on embedded PostgreSQL with
 * {@code --allow-compatible-server}; {@link YugabyteServerTargetContractTest} runs the same on a real server.
 */
@org.junit.jupiter.api.Tag("server")
class YugabyteTargetContractTest extends TargetContract {

    PgFamilyTck tck() {
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

    @Override
    protected String secret() {
        return tck().secret();
    }

    @Override
    protected Map<String, String> refusedCredentials(String secret) {
        return tck().refused(secret);
    }

    /** The family does not promise txid_status: a COPY whose answer was lost at its end is of unknown fate. */
    @Override
    protected LostWrites lostWrites() {
        return LostWrites.IN_DOUBT;
    }
}
