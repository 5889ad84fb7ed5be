package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.GeneratorProvider;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;

import java.util.List;

/** Registers {@code --generator template}: influx-stress's point template. */
public final class TemplateProvider implements GeneratorProvider {

    static final String NAME = "template";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "influx-stress's point template: 'ctr,some=tag n=0i' over 100,000 series, counter values";
    }

    @Override
    public List<OptionDef> options() {
        return TemplateOptions.OPTIONS;
    }

    @Override
    public Generator create(Settings settings) {
        return new TemplateModel(TemplateOptions.from(settings));
    }
}
