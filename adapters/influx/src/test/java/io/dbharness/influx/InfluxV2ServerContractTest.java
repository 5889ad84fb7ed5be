package io.dbharness.influx;

import io.dbharness.core.api.TargetProvider;
import io.dbharness.tck.Faults;
import io.dbharness.tck.LostWrites;
import io.dbharness.tck.TargetContract;
import org.junit.jupiter.api.BeforeEach;

import java.util.Map;

/** The influx target on the v2 API against a real InfluxDB 2 when one is named ({@link InfluxV2Tck}); skipped otherwise. */
@org.junit.jupiter.api.Tag("server")
class InfluxV2ServerContractTest extends TargetContract {

    /** Per test, as InfluxV2ServerTest does, so every clause not run is reported as skipped, saying why. */
    @BeforeEach
    void needsAServer() throws Exception {
        InfluxV2Tck.get();
    }

    @Override
    protected TargetProvider provider() {
        return new InfluxTargetProvider();
    }

    @Override
    protected Map<String, String> options() throws Exception {
        return InfluxV2Tck.get().options();
    }

    @Override
    protected Faults faults() throws Exception {
        return InfluxV2Tck.get();
    }

    /** The server's token is what must show nowhere. */
    @Override
    protected String secret() {
        try {
            return InfluxV2Tck.get().token;
        } catch (RuntimeException skippedOrFailed) {
            throw skippedOrFailed;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    protected Map<String, String> refusedCredentials(String secret) {
        return Map.of("token", secret);
    }

    @Override
    protected LostWrites lostWrites() {
        return LostWrites.RESENT;
    }
}
