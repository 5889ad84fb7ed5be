package io.dbharness.results.merge;

import io.dbharness.core.api.Shard;
import io.dbharness.core.config.ShardOptions;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.ResultMismatchException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The shards of one run, and only those, may merge: one run group, one shard count, each index once, the same
 * flags but the per-shard ones ({@code --shard}, {@code --start-at}...), and all of them unless a partial merge
 * is asked for. Unsharded parts (several processes without {@code --shard}) keep the looser rules of
 * {@link ResultMerge}.
 */
final class ShardCheck {

    private ShardCheck() {
    }

    static void check(List<RunResult> parts, boolean allowPartial) {
        List<RunResult> sharded = parts.stream().filter(r -> r.shard() != null).toList();
        if (sharded.isEmpty()) {
            return;
        }
        if (sharded.size() < parts.size()) {
            RunResult plain = parts.stream().filter(r -> r.shard() == null).findFirst().orElseThrow();
            throw new ResultMismatchException("cannot merge shards with unsharded results: " + plain.runId()
                    + " has no shard, " + sharded.get(0).runId() + " is shard " + sharded.get(0).shard());
        }
        RunResult first = parts.get(0);
        Map<Integer, String> byIndex = new TreeMap<>();
        for (RunResult r : parts) {
            Shard s = r.shard();
            if (!s.runGroup().equals(first.shard().runGroup())) {
                throw new ResultMismatchException("cannot merge shards of different run groups ('" + first.shard().runGroup()
                        + "' in " + first.runId() + ", '" + s.runGroup() + "' in " + r.runId() + ")");
            }
            if (s.count() != first.shard().count()) {
                throw new ResultMismatchException("cannot merge shards of " + first.shard().count() + " and of "
                        + s.count() + " shards (" + first.runId() + ", " + r.runId() + ")");
            }
            String twice = byIndex.put(s.index(), r.runId());
            if (twice != null) {
                throw new ResultMismatchException("shard " + s + " is given twice (" + twice + " and " + r.runId() + ")");
            }
            sameFlags(first, r);
        }
        List<Integer> missing = missing(parts);
        if (!missing.isEmpty() && !allowPartial) {
            throw new ResultMismatchException("run group '" + first.shard().runGroup() + "' lacks shard"
                    + (missing.size() == 1 ? " " : "s ") + missing.stream().map(i -> i + "/" + first.shard().count())
                    .collect(Collectors.joining(", ")) + ": merge all its shards, or give --allow-partial");
        }
    }

    /** Shards of one run are one run's processes: any flag but the per-shard ones differing means another run. */
    private static void sameFlags(RunResult a, RunResult b) {
        Map<String, String> oa = a.options() == null ? Map.of() : a.options();
        Map<String, String> ob = b.options() == null ? Map.of() : b.options();
        TreeSet<String> keys = new TreeSet<>(oa.keySet());
        keys.addAll(ob.keySet());
        keys.removeAll(ShardOptions.PER_SHARD);
        for (String k : keys) {
            if (!Objects.equals(oa.get(k), ob.get(k))) {
                throw new ResultMismatchException("cannot merge shards run with different flags: --" + k + " is "
                        + show(oa.get(k)) + " in " + a.runId() + " and " + show(ob.get(k)) + " in " + b.runId());
            }
        }
    }

    private static String show(String v) {
        return v == null ? "unset" : "'" + v + "'";
    }

    static List<Integer> missing(List<RunResult> parts) {
        if (parts.isEmpty() || parts.get(0).shard() == null) {
            return List.of();
        }
        TreeSet<Integer> have = new TreeSet<>();
        parts.stream().map(RunResult::shard).filter(Objects::nonNull).forEach(s -> have.add(s.index()));
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < parts.get(0).shard().count(); i++) {
            if (!have.contains(i)) {
                out.add(i);
            }
        }
        return out;
    }

    static Optional<String> describe(List<RunResult> parts) {
        if (parts.get(0).shard() == null) {
            return Optional.empty();
        }
        Shard s = parts.get(0).shard();
        return Optional.of(parts.stream().map(r -> r.shard().index()).sorted().map(String::valueOf)
                .collect(Collectors.joining(", ")) + " of " + s.count() + " (run group " + s.runGroup() + ")");
    }
}
