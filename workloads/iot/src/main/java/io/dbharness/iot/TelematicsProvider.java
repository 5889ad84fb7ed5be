package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.GeneratorProvider;
import io.dbharness.core.api.QueryCatalogue;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;

import java.util.List;
import java.util.Set;

/** Registers {@code --generator telematics}, mxbench's model and the default. */
public final class TelematicsProvider implements GeneratorProvider {

    static final String NAME = "telematics";

    /** The options of {@link IotOptions} that only this model reads. */
    private static final Set<String> OWN = Set.of("tag-num", "total-metrics-count", "metrics-type", "ts-step-in-second",
            "generator-batch-size", "generator-disorder-ratio", "generator-empty-value-ratio", "generator-randomness",
            "max-columns", "live");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "mxbench's telematics table: ts, tag_id, c0..cN per device and time step (the default)";
    }

    @Override
    public List<OptionDef> options() {
        return IotOptions.OPTIONS.stream().filter(o -> OWN.contains(o.name())).toList();
    }

    @Override
    public Generator create(Settings settings) {
        return new TelematicsModel(IotOptions.from(settings));
    }

    @Override
    public QueryCatalogue catalogue() {
        return Catalogues.TELEMATICS;
    }
}
