package io.dbharness.core.engine;

import io.dbharness.core.api.TargetProvider;
import io.dbharness.core.api.WorkerGroup;
import io.dbharness.core.api.Workload;
import io.dbharness.core.api.WorkloadProvider;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.config.ShardOptions;

import java.util.List;

/** A run checked and ready to connect: what {@link #check} proves and {@link #run} goes on from. */
record Plan(TargetProvider tp, WorkloadProvider wp, Settings settings, RunOptions options, ShardOptions sharding,
            Workload workload, List<WorkerGroup> groups) {
}
