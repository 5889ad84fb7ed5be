package io.dbharness.mogdb;

import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Opens the mogdb target with explicit options and an empty environment, so the machine's PG* variables never leak in. */
final class MogDbTestSupport {

    private MogDbTestSupport() {
    }

    static Settings settings(Map<String, String> explicit) {
        List<OptionDef> defs = new ArrayList<>(new MogDbTargetProvider().options());
        defs.addAll(RunOptions.OPTIONS);
        return Settings.resolve(defs, explicit, Map.of());
    }

    static TargetAdapter open(Map<String, String> explicit) throws TargetException {
        return new MogDbTargetProvider().open(settings(explicit));
    }
}
