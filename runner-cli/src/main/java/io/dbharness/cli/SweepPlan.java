package io.dbharness.cli;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.Registry;
import io.dbharness.core.engine.StopSignal;
import io.dbharness.core.result.ProgressListener;
import io.dbharness.search.VaryAxis;
import picocli.CommandLine.ParseResult;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The points of a sweep, every one checked as its run would check it before the first one runs: a typo in the
 * last point must not cost the hour the first ones took.
 */
record SweepPlan(RunConfig base, List<VaryAxis> axes, List<SweepPoint> points, List<String> skipped) {

    SweepPlan {
        axes = List.copyOf(axes);
        points = List.copyOf(points);
        skipped = List.copyOf(skipped);
    }

    /**
     * The cartesian product of {@code axes} over {@code base}, the first axis outermost. With a varied target or
     * workload, an option only some points' components declare (the file target's {@code --output}) goes to those
     * points and is left out of the others; one that no point's components declare is refused as in a run.
     */
    static SweepPlan of(ParseResult pr, RunConfig base, List<VaryAxis> axes, Registry registry, SingleRun runner) {
        checkAxes(pr, axes, registry);
        List<SweepPoint> points = new ArrayList<>();
        for (Map<String, String> values : io.dbharness.search.Sweep.points(axes)) {
            RunConfig config = base;
            for (Map.Entry<String, String> e : values.entrySet()) {
                config = config.with(e.getKey(), e.getValue());
            }
            points.add(new SweepPoint(points.size() + 1, values, config));
        }
        List<String> skipped = new ArrayList<>();
        List<SweepPoint> checked = check(points, registry, runner, skipped);
        return new SweepPlan(base, axes, checked, skipped);
    }

    /**
     * Each point with the options of other points' components left out, after checking it as a run would. A point
     * that is then the same run as an earlier one ({@code --vary target=noop,postgres --vary pg-ingest=a,b}: noop
     * takes no --pg-ingest) is left out, and {@code skipped} says so: run twice, it would pass for a repetition.
     */
    private static List<SweepPoint> check(List<SweepPoint> points, Registry registry, SingleRun runner,
                                          List<String> skipped) {
        List<Set<String>> own = new ArrayList<>();
        Set<String> anyPoint = new HashSet<>();
        for (SweepPoint p : points) {
            Set<String> names = new HashSet<>();
            try {
                Harness.allOptions(registry.target(p.config().target()), registry.workload(p.config().workload()))
                        .forEach(d -> names.add(d.name()));
            } catch (UsageException e) { // an unknown target or workload among the values
                throw failed(p, e);
            }
            own.add(names);
            anyPoint.addAll(names);
        }
        List<SweepPoint> checked = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            SweepPoint p = points.get(i);
            Set<String> foreign = new HashSet<>(anyPoint);
            foreign.removeAll(own.get(i));
            RunConfig config = p.config().without(foreign);
            try {
                Harness.check(runner.spec(config, ProgressListener.NONE, new StopSignal()), registry);
            } catch (UsageException e) {
                throw failed(p, config.located(e));
            }
            RunConfig run = config;
            java.util.Optional<SweepPoint> same = checked.stream().filter(c -> c.config().equals(run)).findFirst();
            if (same.isPresent()) {
                foreign.retainAll(p.values().keySet());
                skipped.add("point " + p.label() + " is the same run as " + same.get().label() + ": "
                        + p.config().target() + " takes no --" + String.join(", --", new java.util.TreeSet<>(foreign)));
                continue;
            }
            checked.add(new SweepPoint(checked.size() + 1, p.values(), config));
        }
        return checked;
    }

    private static UsageException failed(SweepPoint p, UsageException e) {
        return new UsageException("sweep point " + p.label() + ": " + e.getMessage());
    }

    /** Each name varied once, not also given as a flag, and known to some target, workload or the engine. */
    private static void checkAxes(ParseResult pr, List<VaryAxis> axes, Registry registry) {
        if (axes.isEmpty()) {
            throw new UsageException("runner sweep needs at least one --vary NAME=V1,V2 (see 'runner sweep --help')");
        }
        Set<String> known = Commands.knownKeys(registry);
        Set<String> seen = new HashSet<>();
        for (VaryAxis a : axes) {
            if (!known.contains(a.name())) {
                throw new UsageException("--vary " + a.name() + ": no target, workload or engine has an option '--"
                        + a.name() + "'" + suggestion(a.name(), known) + " (see 'runner sweep --help')");
            }
            if (!seen.add(a.name())) {
                throw new UsageException("--vary " + a.name() + " is given twice; give every value of it in one --vary");
            }
            if (pr.hasMatchedOption("--" + a.name())) {
                throw new UsageException("--" + a.name() + " is given as a flag and varied by --vary " + a.name()
                        + "; give it once");
            }
        }
    }

    private static String suggestion(String name, Set<String> known) {
        return known.stream().filter(k -> k.startsWith(name.substring(0, Math.min(3, name.length()))))
                .findFirst().map(k -> " (did you mean '" + k + "'?)").orElse("");
    }
}
