package io.dbharness.questdb;

import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Opens targets with explicit options and an empty environment, so QDB_* variables of the machine never leak in. */
final class QuestDbTestSupport {

    private QuestDbTestSupport() {
    }

    static Settings settings(Map<String, String> explicit) {
        List<OptionDef> defs = new ArrayList<>(new QuestDbTargetProvider().options());
        defs.addAll(RunOptions.OPTIONS);
        return Settings.resolve(defs, explicit, Map.of());
    }

    static TargetAdapter open(Map<String, String> explicit) throws TargetException {
        return new QuestDbTargetProvider().open(settings(explicit));
    }

    /** A target talking to the shared embedded server as to an external one. */
    static TargetAdapter openShared(Map<String, String> extra) throws TargetException {
        Map<String, String> options = new HashMap<>(extra);
        options.put("questdb-http", EmbeddedQuestDbFixture.httpUrl());
        options.put("questdb-pg", "127.0.0.1:" + EmbeddedQuestDbFixture.pgPort());
        return open(options);
    }
}
