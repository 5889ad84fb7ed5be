package io.dbharness.core.api;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * Workers of one run that share a load model, statistics and a progress line: the ingest of a mixed
 * workload is one group, its queries another.
 *
 * @param name              short, shown in progress and results ({@code insert}, {@code query})
 * @param plannedRows       rows the group writes when it runs to its end, for the ETA; empty when open-ended
 * @param plannedOperations operations the group runs when it runs to its end; empty when open-ended
 */
public record WorkerGroup(String name, LoadModel load, OptionalLong plannedRows, OptionalLong plannedOperations) {

    public WorkerGroup {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(load, "load");
        Objects.requireNonNull(plannedRows, "plannedRows");
        Objects.requireNonNull(plannedOperations, "plannedOperations");
        if (name.isBlank()) {
            throw new IllegalArgumentException("group name must not be blank");
        }
    }

    public static WorkerGroup of(String name, LoadModel load) {
        return new WorkerGroup(name, load, OptionalLong.empty(), OptionalLong.empty());
    }

    public WorkerGroup withPlannedRows(long rows) {
        return new WorkerGroup(name, load, OptionalLong.of(rows), plannedOperations);
    }

    public WorkerGroup withPlannedOperations(long operations) {
        return new WorkerGroup(name, load, plannedRows, OptionalLong.of(operations));
    }

    public int workers() {
        return load.workers();
    }
}
