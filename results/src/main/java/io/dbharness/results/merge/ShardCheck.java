package io.dbharness.results.merge;

import io.dbharness.core.api.Shard;
import io.dbharness.core.config.ShardOptions;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.ResultMismatchException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The shards of one run, and only those, may merge: every part a shard, one run group, one shard count, each index
 * once, the same flags but the per-shard ones ({@code --shard}, {@code --start-at}...), all of them unless a partial
 * merge is asked for, and measuring at the same time. Anything else (repetitions, separate runs) would add up work
 * that was never done at once into a run that never was.
 */
final class ShardCheck {

    private ShardCheck() {
    }

    static void check(List<RunResult> parts, boolean allowPartial) {
        for (RunResult r : parts) {
            if (r.shard() == null) {
                throw new ResultMismatchException("cannot merge " + r.runId() + ": it has no shard (not run with --shard"
                        + " I/N); only the shards of one run merge, and separate runs or repetitions are compared"
                        + " (runner compare, runner report), not added up");
            }
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
        together(parts);
    }

    /**
     * Shards started together (one {@code --start-at}, or followers released by shard 0's preparation) measure at
     * the same time: some instant lies in every part's measured window. Runs made one after another have none,
     * whatever their run group (a default group is the same for the same flags). A part that measured nothing
     * (stopped or failed before its run) has no window to place.
     */
    private static void together(List<RunResult> parts) {
        RunResult lastStart = null;
        RunResult firstEnd = null;
        for (RunResult r : parts) {
            if (r.totals().durationSeconds() <= 0) {
                continue;
            }
            if (lastStart == null || Window.measured(r).startSeconds() > Window.measured(lastStart).startSeconds()) {
                lastStart = r;
            }
            if (firstEnd == null || Window.measured(r).endSeconds() < Window.measured(firstEnd).endSeconds()) {
                firstEnd = r;
            }
        }
        if (lastStart == null) {
            return;
        }
        double start = Window.measured(lastStart).startSeconds();
        double end = Window.measured(firstEnd).endSeconds();
        if (start >= end) {
            throw new ResultMismatchException("cannot merge runs made one after another: " + lastStart.runId() + " (shard "
                    + lastStart.shard() + ") began measuring at " + instant(start) + ", after " + firstEnd.runId()
                    + " (shard " + firstEnd.shard() + ") had ended at " + instant(end) + "; the shards of one run measure"
                    + " at the same time (give them one --start-at)");
        }
    }

    private static String instant(double epochSeconds) {
        return java.time.Instant.ofEpochMilli(Math.round(epochSeconds * 1000)).toString();
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
        if (parts.isEmpty() || parts.get(0).shard() == null) { // none: merge refuses such parts
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

    /** {@code 0, 1, 2 of 3 (run group g)}, of parts {@link #check} let through. */
    static String describe(List<RunResult> parts) {
        Shard s = parts.get(0).shard();
        return parts.stream().map(r -> r.shard().index()).sorted().map(String::valueOf)
                .collect(Collectors.joining(", ")) + " of " + s.count() + " (run group " + s.runGroup() + ")";
    }
}
