package io.dbharness.influx;

import io.dbharness.core.api.TargetProvider;
import io.dbharness.core.api.TimeSeriesQuery.TableState;
import io.dbharness.tck.Faults;
import io.dbharness.tck.QueryContract;
import org.junit.jupiter.api.BeforeEach;

import java.util.Map;

/** The influx target's Flux queries (v2 API) against a real InfluxDB 2 when one is named ({@link InfluxV2Tck}); skipped otherwise. */
@org.junit.jupiter.api.Tag("server")
class InfluxV2ServerQueryContractTest extends QueryContract {

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

    /** A measurement exists only through its points: one created and not written is absent (see the README). */
    @Override
    protected TableState stateOfAnEmptyTable() {
        return TableState.ABSENT;
    }
}
