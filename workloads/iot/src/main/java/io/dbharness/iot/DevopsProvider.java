package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.GeneratorProvider;
import io.dbharness.core.api.QueryCatalogue;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;

import java.util.List;

/** Registers {@code --generator devops}: TSBS's (and influxdb-comparisons') devops model. */
public final class DevopsProvider implements GeneratorProvider {

    static final String NAME = "devops";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "TSBS devops: cpu-only (measurement cpu, tags hostname..service_environment, usage_* random walks) or the"
                + " full use case's nine measurements";
    }

    @Override
    public List<OptionDef> options() {
        return DevopsOptions.OPTIONS;
    }

    @Override
    public Generator create(Settings settings) {
        DevopsOptions options = DevopsOptions.from(settings);
        return options.useCase().equals(DevopsOptions.DEVOPS) ? new DevopsUseCase(options)
                : new DevopsModel(options, DevopsMeasurement.cpu(), DevopsModel.CPU);
    }

    @Override
    public QueryCatalogue catalogue() {
        return Catalogues.DEVOPS;
    }
}
