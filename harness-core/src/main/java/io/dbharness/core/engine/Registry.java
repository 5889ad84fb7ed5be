package io.dbharness.core.engine;

import io.dbharness.core.api.TargetProvider;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.WorkloadProvider;

import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/** Targets and workloads found on the class path through {@link ServiceLoader}; the only registration point. */
public final class Registry {

    private final List<TargetProvider> targets;
    private final List<WorkloadProvider> workloads;

    private Registry(List<TargetProvider> targets, List<WorkloadProvider> workloads) {
        this.targets = targets;
        this.workloads = workloads;
    }

    public static Registry load() {
        ClassLoader cl = Registry.class.getClassLoader();
        List<TargetProvider> t = ServiceLoader.load(TargetProvider.class, cl).stream().map(ServiceLoader.Provider::get)
                .sorted(Comparator.comparing(TargetProvider::id)).collect(Collectors.toList());
        List<WorkloadProvider> w = ServiceLoader.load(WorkloadProvider.class, cl).stream().map(ServiceLoader.Provider::get)
                .sorted(Comparator.comparing(WorkloadProvider::id)).collect(Collectors.toList());
        return new Registry(List.copyOf(t), List.copyOf(w));
    }

    public List<TargetProvider> targets() {
        return targets;
    }

    public List<WorkloadProvider> workloads() {
        return workloads;
    }

    public TargetProvider target(String id) {
        return targets.stream().filter(t -> t.id().equals(id)).findFirst().orElseThrow(() -> new UsageException(
                "unknown target '" + id + "'; valid targets: " + targets.stream().map(TargetProvider::id).collect(Collectors.joining(", "))));
    }

    public WorkloadProvider workload(String id) {
        return workloads.stream().filter(w -> w.id().equals(id)).findFirst().orElseThrow(() -> new UsageException(
                "unknown workload '" + id + "'; valid workloads: " + workloads.stream().map(WorkloadProvider::id).collect(Collectors.joining(", "))));
    }
}
