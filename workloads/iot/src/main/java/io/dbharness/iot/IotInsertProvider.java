package io.dbharness.iot;

import io.dbharness.core.api.Capability;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.Workload;
import io.dbharness.core.api.WorkloadProvider;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;

import java.util.List;
import java.util.Set;

/** Registers {@code iot-insert}. */
public final class IotInsertProvider implements WorkloadProvider {

    @Override
    public String id() {
        return "iot-insert";
    }

    @Override
    public String description() {
        return "Telematics ingest (mxbench): devices x metrics x time range, empty values, late rows, randomness";
    }

    @Override
    public List<OptionDef> options() {
        return IotOptions.OPTIONS;
    }

    @Override
    public Set<Class<? extends Capability>> requires() {
        return Set.of(TimeSeriesIngest.class);
    }

    @Override
    public Workload create(Settings settings) {
        return new IotInsertWorkload(IotOptions.from(settings));
    }

    @Override
    public Workload create(Settings settings, io.dbharness.core.api.Shard shard) {
        return new IotInsertWorkload(IotOptions.from(settings), shard);
    }
}
