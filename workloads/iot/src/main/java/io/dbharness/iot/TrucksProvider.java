package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.GeneratorProvider;
import io.dbharness.core.api.QueryCatalogue;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;

import java.util.List;

/** Registers {@code --generator trucks}: TSBS's iot use case. */
public final class TrucksProvider implements GeneratorProvider {

    static final String NAME = "trucks";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "TSBS iot: trucks (tags name..nominal_fuel_consumption) in two tables, readings (position, speed, fuel"
                + " consumption) and diagnostics (fuel, load, status), with TSBS's missing, late and zeroed data";
    }

    @Override
    public List<OptionDef> options() {
        return TrucksOptions.OPTIONS;
    }

    @Override
    public Generator create(Settings settings) {
        return new TrucksUseCase(TrucksOptions.from(settings));
    }

    @Override
    public QueryCatalogue catalogue() {
        return Catalogues.TRUCKS;
    }
}
