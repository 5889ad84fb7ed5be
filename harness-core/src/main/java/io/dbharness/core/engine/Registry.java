package io.dbharness.core.engine;

import io.dbharness.core.api.Plugins;
import io.dbharness.core.api.TargetProvider;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.WorkloadProvider;

import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/** Targets and workloads found on the class path ({@link Plugins}), by id. */
public final class Registry {

    private final List<TargetProvider> targets;
    private final List<WorkloadProvider> workloads;

    private Registry(List<TargetProvider> targets, List<WorkloadProvider> workloads) {
        this.targets = targets;
        this.workloads = workloads;
    }

    public static Registry load() {
        List<TargetProvider> t = Plugins.load(TargetProvider.class, "target", p -> List.of(p.id())).stream()
                .sorted(Comparator.comparing(TargetProvider::id)).toList();
        List<WorkloadProvider> w = Plugins.load(WorkloadProvider.class, "workload", p -> List.of(p.id())).stream()
                .sorted(Comparator.comparing(WorkloadProvider::id)).toList();
        return new Registry(t, w);
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
