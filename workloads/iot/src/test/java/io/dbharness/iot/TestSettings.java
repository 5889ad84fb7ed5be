package io.dbharness.iot;

import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Builds settings the way the harness does: engine options plus the workload's, from flag-name pairs. */
final class TestSettings {
    private TestSettings() {
    }

    static Settings of(String... pairs) {
        return with(IotOptions.OPTIONS, pairs);
    }

    /** Settings of iot-insert: the shared options, --generator and every model's. */
    static Settings insert(String... pairs) {
        return with(new IotInsertProvider().options(), pairs);
    }

    /** Settings of iot-query: the data's options and the queries'. */
    static Settings query(String... pairs) {
        return with(IotQueryProvider.OPTIONS, pairs);
    }

    private static Settings with(List<OptionDef> workload, String... pairs) {
        List<OptionDef> defs = new ArrayList<>(RunOptions.OPTIONS);
        defs.addAll(workload);
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return Settings.resolve(defs, m, Map.of());
    }

    static IotOptions options(String... pairs) {
        return IotOptions.from(of(pairs));
    }
}
