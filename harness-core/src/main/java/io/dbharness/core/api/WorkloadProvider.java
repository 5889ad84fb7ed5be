package io.dbharness.core.api;

import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;

import java.util.List;
import java.util.Set;

/** Registers a workload through {@code META-INF/services/io.dbharness.core.api.WorkloadProvider}. */
public interface WorkloadProvider {

    String id();

    String description();

    List<OptionDef> options();

    /** Capabilities the target must offer; checked before anything runs. */
    Set<Class<? extends Capability>> requires();

    /** Validates the settings and builds the workload; a bad value is a {@link UsageException}. */
    Workload create(Settings settings);
}
