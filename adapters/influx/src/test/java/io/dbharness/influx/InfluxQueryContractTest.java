package io.dbharness.influx;

import io.dbharness.core.api.TargetProvider;
import io.dbharness.core.api.TimeSeriesQuery.TableState;
import io.dbharness.tck.Faults;
import io.dbharness.tck.QueryContract;

import java.util.Map;

/** The influx target's InfluxQL queries (v1 API). */
@org.junit.jupiter.api.Tag("server")
class InfluxQueryContractTest extends QueryContract {

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

    /** A measurement exists only through its points: one created and not written is absent (see the README). */
    @Override
    protected TableState stateOfAnEmptyTable() {
        return TableState.ABSENT;
    }
}
