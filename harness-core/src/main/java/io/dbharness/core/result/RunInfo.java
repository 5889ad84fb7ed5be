package io.dbharness.core.result;

import io.dbharness.core.api.Shard;
import io.dbharness.core.api.TargetInfo;

import java.time.Instant;
import java.util.Map;

/**
 * Which run a result is: the section {@code run} of a result file.
 *
 * @param id             the run id, also the file's name
 * @param harnessVersion the harness's version
 * @param gitCommit      the commit the harness was built from
 * @param seed           the seed every generated value derives from
 * @param target         the target's id ({@code postgres}, {@code noop}...)
 * @param targetInfo     the target's product, version, endpoint and settings
 * @param workload       the workload's id
 * @param label          what the run is called in reports ({@code --label}), null when unset
 * @param shard          which shard of a run split across processes this is ({@code --shard}), null when unsharded
 * @param start          when the run started (its warm-up included)
 * @param end            when it ended
 * @param options        every resolved option, secrets masked
 * @param loadModel      the groups' load models in words, e.g. {@code closed, 2 workers}
 * @param workers        workers of all groups
 */
public record RunInfo(String id, String harnessVersion, String gitCommit, long seed, String target,
                      TargetInfo targetInfo, String workload, String label, Shard shard, Instant start, Instant end,
                      Map<String, String> options, String loadModel, int workers) {
}
