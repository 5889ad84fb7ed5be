package io.dbharness.influx;

import io.dbharness.core.api.TargetProvider;
import io.dbharness.tck.Faults;
import io.dbharness.tck.LostWrites;
import io.dbharness.tck.TargetContract;

import java.util.Map;

/** The influx target on the v1 API, against a local influxd with auth on. */
@org.junit.jupiter.api.Tag("server")
class InfluxTargetContractTest extends TargetContract {

    @Override
    protected TargetProvider provider() {
        return new InfluxTargetProvider();
    }

    @Override
    protected Map<String, String> options() throws Exception {
        return InfluxTck.get().options();
    }

    @Override
    protected Faults faults() throws Exception {
        return InfluxTck.get();
    }

    @Override
    protected Map<String, String> refusedCredentials(String secret) {
        return Map.of("influx-password", secret);
    }

    /** A point is identified by measurement, tags and timestamp: written twice, it is stored once. */
    @Override
    protected LostWrites lostWrites() {
        return LostWrites.RESENT;
    }
}
