package io.dbharness.core.api;

import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;

import java.util.List;

/** Registers a workload through {@code META-INF/services/io.dbharness.core.api.WorkloadProvider}. */
public interface WorkloadProvider {

    String id();

    String description();

    List<OptionDef> options();

    /** Validates the settings and builds the workload; a bad value is a {@link UsageException}. */
    Workload create(Settings settings);

    /** A commented sample config for {@code runner config}, or empty to derive one from {@link #options()}. */
    default String sampleConfigComment() {
        return "";
    }
}
